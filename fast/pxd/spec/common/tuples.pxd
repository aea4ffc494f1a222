# The C signature of spec/common/tuples.pyx, for the compiled modules that cimport it.
cpdef object instance(type cls, tuple values)
cpdef object updated(type cls, object old, tuple values, object keep)
cpdef bint named_fields(type cls)
cpdef object fast_replace(type cls)
cpdef object put(row, i, value)
cpdef object without(row, item)
cpdef object changed_places(old, new)
cpdef object settled(value)
