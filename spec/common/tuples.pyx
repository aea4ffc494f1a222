# The compiled build's twin of tuples.py (the definition, and what the pure-Python engine
# runs): the same instance, allocated by the class and filled in place, as tuple.__new__
# does for a subclass, without going through Python's call and argument handling.
from cpython.ref cimport PyObject, Py_INCREF

cdef extern from "Python.h":
    ctypedef struct PyTypeObject:
        pass
    ctypedef object (*allocfunc)(PyTypeObject*, Py_ssize_t)  # a new reference, or NULL
    ctypedef struct AllocatingType "PyTypeObject":
        allocfunc tp_alloc
    bint PyType_IsSubtype(PyTypeObject*, PyTypeObject*)
    void PyTuple_SET_ITEM(object, Py_ssize_t, object)
    PyObject* PyTuple_GET_ITEM(object, Py_ssize_t)
    Py_ssize_t PyTuple_GET_SIZE(object)


cpdef object instance(type cls, tuple values):
    """A ``cls`` (a subclass of tuple) holding ``values``, in order."""
    cdef Py_ssize_t n, i
    if values is None or not PyType_IsSubtype(<PyTypeObject*>cls, <PyTypeObject*>tuple):
        return tuple.__new__(cls, values)  # tuple.__new__'s own error
    n = len(values)
    out = (<AllocatingType*>cls).tp_alloc(<PyTypeObject*>cls, n)
    for i in range(n):
        item = values[i]
        Py_INCREF(item)  # PyTuple_SET_ITEM steals a reference
        PyTuple_SET_ITEM(out, i, item)
    return out


cpdef object updated(type cls, object old, tuple values, object keep):
    """A ``cls`` holding ``values``, each ``keep`` among them replaced by ``old``'s value at
    the same place."""
    cdef Py_ssize_t n, i
    if values is None or not PyType_IsSubtype(<PyTypeObject*>cls, <PyTypeObject*>tuple):
        return tuple.__new__(cls, values)  # tuple.__new__'s own error
    if not isinstance(old, tuple):  # a state type is a subclass: typed tuple, it would not pass
        raise TypeError(f"updated() needs a tuple to update, not {type(old).__name__}")
    n = len(values)
    if PyTuple_GET_SIZE(old) != n:
        raise ValueError(f"{n} values for {PyTuple_GET_SIZE(old)} fields")
    out = (<AllocatingType*>cls).tp_alloc(<PyTypeObject*>cls, n)
    for i in range(n):
        item = values[i]
        if item is keep:
            item = <object>PyTuple_GET_ITEM(old, i)
        Py_INCREF(item)  # PyTuple_SET_ITEM steals a reference
        PyTuple_SET_ITEM(out, i, item)
    return out
