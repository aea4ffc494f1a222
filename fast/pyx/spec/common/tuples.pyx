# The compiled build's twin of tuples.py (the definition, and what the pure-Python engine
# runs). instance() and updated() make the same records, allocated by the class and filled
# in place as tuple.__new__ does for a subclass, without Python's call and argument
# handling; named_fields() lets a record's fields be read by name without the class's
# descriptors, which tuples.py cannot do and leaves as they are.
from cpython.ref cimport PyObject, Py_INCREF

cdef extern from "Python.h":
    ctypedef struct PyTypeObject:
        pass
    ctypedef object (*allocfunc)(PyTypeObject*, Py_ssize_t)  # a new reference, or NULL
    ctypedef object (*getattrofunc)(object, object)  # a new reference, or NULL
    ctypedef struct AllocatingType "PyTypeObject":
        allocfunc tp_alloc
        getattrofunc tp_getattro
    object PyObject_GenericGetAttr(object, object)
    void PyType_Modified(PyTypeObject*)
    PyTypeObject* Py_TYPE(object)
    bint PyType_IsSubtype(PyTypeObject*, PyTypeObject*)
    void PyTuple_SET_ITEM(object, Py_ssize_t, object)
    PyObject* PyTuple_GET_ITEM(object, Py_ssize_t)
    Py_ssize_t PyTuple_GET_SIZE(object)


cdef inline object _filled(type cls, tuple values, object old, object keep):
    """A new ``cls`` holding ``values``; with ``old``, each ``keep`` is ``old``'s value at
    the same place. The callers have checked the types and the lengths."""
    cdef Py_ssize_t i, n = len(values)
    out = (<AllocatingType*>cls).tp_alloc(<PyTypeObject*>cls, n)
    for i in range(n):
        item = values[i]
        if old is not None and item is keep:
            item = <object>PyTuple_GET_ITEM(old, i)
        Py_INCREF(item)  # PyTuple_SET_ITEM steals a reference
        PyTuple_SET_ITEM(out, i, item)
    return out


cpdef object instance(type cls, tuple values):
    """A ``cls`` (a subclass of tuple) holding ``values``, in order."""
    if values is None or not PyType_IsSubtype(<PyTypeObject*>cls, <PyTypeObject*>tuple):
        return tuple.__new__(cls, values)  # tuple.__new__'s own error
    return _filled(cls, values, None, None)


cpdef object updated(type cls, object old, tuple values, object keep):
    """A ``cls`` holding ``values``, each ``keep`` among them replaced by ``old``'s value at
    the same place."""
    if values is None or not PyType_IsSubtype(<PyTypeObject*>cls, <PyTypeObject*>tuple):
        return tuple.__new__(cls, values)  # tuple.__new__'s own error
    if not isinstance(old, tuple):  # a state type is a subclass: typed tuple, it would not pass
        raise TypeError(f"updated() needs a tuple to update, not {type(old).__name__}")
    if PyTuple_GET_SIZE(old) != len(values):
        raise ValueError(f"{len(values)} values for {PyTuple_GET_SIZE(old)} fields")
    return _filled(cls, values, old, keep)


# --- reading a field by name ------------------------------------------------------------
# A named tuple's field is a descriptor of its class: reading s.hands looks the name up in
# the class, then calls the descriptor. A class given to named_fields() reads its fields
# by comparing the name with its field names (the same interned strings the code uses)
# and taking the item at that place; any other name, or a name that is no interned field
# name, is looked up the usual way.
cdef enum:
    MAX_NAMED = 64
cdef PyTypeObject* _named[MAX_NAMED]
cdef PyObject* _names[MAX_NAMED]  # each class's _fields, kept alive by _kept
cdef int _count = 0
_kept = []


# The place of each (class, field name) pair read lately, in a small table indexed by the
# two addresses: one comparison of each finds a field read before, where the scan of the
# classes and their field names takes a few dozen. Only pairs the scan found are entered:
# the class and the name (an interned string of its _fields) are kept alive by _kept, so
# no other object can come to have either address.
cdef struct _Seen:
    PyTypeObject* cls
    PyObject* name
    Py_ssize_t at

cdef enum:
    SEEN = 1024  # a power of two

cdef _Seen _seen[SEEN]


cdef inline size_t _seen_slot(PyTypeObject* t, PyObject* name):
    return ((<size_t>t >> 4) * 31 + (<size_t>name >> 4)) & (SEEN - 1)


cdef object _named_getattr(object obj, object name):
    cdef PyTypeObject* t = Py_TYPE(obj)
    cdef size_t slot = _seen_slot(t, <PyObject*>name)
    cdef PyObject* names
    cdef int k
    cdef Py_ssize_t i = -1
    if _seen[slot].cls == t and _seen[slot].name == <PyObject*>name:
        i = _seen[slot].at
    else:
        for k in range(_count):
            if _named[k] == t:
                names = _names[k]
                for i in range(PyTuple_GET_SIZE(<object>names)):
                    if PyTuple_GET_ITEM(<object>names, i) == <PyObject*>name:
                        _seen[slot].cls, _seen[slot].name, _seen[slot].at = t, <PyObject*>name, i
                        break
                else:
                    i = -1
                break
    if 0 <= i < PyTuple_GET_SIZE(obj):  # else the descriptor's own IndexError
        return <object>PyTuple_GET_ITEM(obj, i)
    return PyObject_GenericGetAttr(obj, name)


cpdef bint named_fields(type cls):
    """Let ``cls``, a named tuple class, read its fields by name without its descriptors;
    False when it cannot (not a named tuple, its attribute lookup is its own, or the
    table is full): it keeps the usual lookup."""
    global _count
    cdef Py_ssize_t k
    for k in range(_count):
        if _named[k] == <PyTypeObject*>cls:
            return True
    fields = cls.__dict__.get("_fields")
    if (_count >= MAX_NAMED or not PyType_IsSubtype(<PyTypeObject*>cls, <PyTypeObject*>tuple)
            or type(fields) is not tuple
            or (<AllocatingType*>cls).tp_getattro != (<AllocatingType*>object).tp_getattro):
        return False
    for name in fields:
        if type(name) is not str:
            return False
    _kept.append(fields)
    _kept.append(cls)  # see _Seen: its address stays its own
    _named[_count] = <PyTypeObject*>cls
    _names[_count] = <PyObject*>fields
    _count += 1
    (<AllocatingType*>cls).tp_getattro = _named_getattr
    PyType_Modified(<PyTypeObject*>cls)
    return True


# --- a record's _replace, in C ----------------------------------------------------------
# A record's _replace is a method of the C calling convention (what builtin types' methods
# use): it receives the changed fields' names as the call's tuple of keyword names, with no
# dict made and no matching against a parameter list, and finds each among the class's
# interned field names by pointer. It makes what record.maker_source's function makes:
# positional values fill the first fields, a name that is no field or a field given twice
# is a TypeError, and the new record is of the class that holds the method.
cdef extern from "Python.h":
    ctypedef struct PyMethodDef:
        const char* ml_name
        void* ml_meth
        int ml_flags
        const char* ml_doc
    int METH_FASTCALL, METH_KEYWORDS, METH_METHOD
    object PyDescr_NewMethod(PyTypeObject*, PyMethodDef*)
    int PyUnicode_Compare(object, object) except? -1
    void Py_DECREF(PyObject*)

cdef enum:
    MAX_REPLACED = 64  # fields of a class whose _replace is this one

cdef PyMethodDef _replace_def


cdef object _replace(object self, PyTypeObject* cls, PyObject** args, Py_ssize_t nargs,
                     PyObject* kwnames):
    cdef Py_ssize_t n = PyTuple_GET_SIZE(self), i, j, nkw
    cdef char given[MAX_REPLACED]
    names = _fields_of(cls)
    if PyTuple_GET_SIZE(names) != n:
        raise ValueError(f"{PyTuple_GET_SIZE(names)} values for {n} fields")
    if nargs > n:
        raise TypeError(f"_replace() takes at most {n} positional arguments ({nargs} given)")
    out = (<AllocatingType*>cls).tp_alloc(cls, n)
    for i in range(n):
        given[i] = i < nargs
        item = <object>args[i] if i < nargs else <object>PyTuple_GET_ITEM(self, i)
        Py_INCREF(item)
        PyTuple_SET_ITEM(out, i, item)
    nkw = 0 if kwnames is NULL else PyTuple_GET_SIZE(<object>kwnames)
    for j in range(nkw):
        name = <object>PyTuple_GET_ITEM(<object>kwnames, j)
        i = _field_index(names, name)
        if i < 0:
            raise TypeError(f"_replace() got an unexpected keyword argument '{name}'")
        if given[i]:
            raise TypeError(f"_replace() got multiple values for argument '{name}'")
        given[i] = 1
        item = <object>args[nargs + j]
        Py_INCREF(item)
        Py_DECREF(PyTuple_GET_ITEM(out, i))
        PyTuple_SET_ITEM(out, i, item)
    return out


cdef object _fields_of(PyTypeObject* cls):
    cdef int k
    for k in range(_count):
        if _named[k] == cls:
            return <object>_names[k]
    return (<object>cls)._fields  # pragma: no cover - the method is given to named classes


cdef Py_ssize_t _field_index(tuple names, object name) except -2:
    """The place of the field ``name`` among ``names``, or -1: the interned name by its
    pointer first, any other string by its value."""
    cdef Py_ssize_t i
    for i in range(PyTuple_GET_SIZE(names)):
        if PyTuple_GET_ITEM(names, i) == <PyObject*>name:
            return i
    for i in range(PyTuple_GET_SIZE(names)):
        if PyUnicode_Compare(<object>PyTuple_GET_ITEM(names, i), name) == 0:
            return i
    return -1


_replace_def.ml_name = "_replace"
_replace_def.ml_meth = <void*>_replace
_replace_def.ml_flags = METH_METHOD | METH_FASTCALL | METH_KEYWORDS
_replace_def.ml_doc = ("A copy of this record with the named fields changed"
                       " (made by spec.common.record).")


cpdef object fast_replace(type cls):
    """``cls``'s ``_replace`` as a C method, for a class :func:`named_fields` took with
    at most 64 fields; None otherwise (the class keeps a generated one)."""
    if not named_fields(cls) or len(cls._fields) > MAX_REPLACED:
        return None
    return PyDescr_NewMethod(<PyTypeObject*>cls, &_replace_def)


# --- rows changed in one place ----------------------------------------------------------
# A plain tuple and an index within it are copied in one pass; anything else (a list, an
# index from the end or out of range, a subclass of tuple) goes through the slices of
# tuples.py, which give the same result or the same error.
cdef extern from "Python.h":
    Py_ssize_t PyLong_AsSsize_t(object) except? -1
    object PyTuple_New(Py_ssize_t)
    int PyObject_RichCompareBool(object, object, int) except -1
    int Py_EQ


cdef object _copied(tuple row, Py_ssize_t skip, Py_ssize_t at, object value):
    """``row`` without its entry ``skip`` (-1: none), ``value`` at ``at`` (-1: nowhere)."""
    cdef Py_ssize_t n = PyTuple_GET_SIZE(row), size = n - (skip >= 0), i, j = 0
    out = PyTuple_New(size)
    for i in range(n):
        if i == skip:
            continue
        item = value if i == at else <object>PyTuple_GET_ITEM(row, i)
        Py_INCREF(item)
        PyTuple_SET_ITEM(out, j, item)
        j += 1
    return out


cpdef object put(row, i, value):
    """``row`` with its entry ``i`` set to ``value``."""
    cdef Py_ssize_t k
    if type(row) is tuple and type(i) is int:
        try:
            k = PyLong_AsSsize_t(i)
        except OverflowError:
            k = -1
        if 0 <= k < PyTuple_GET_SIZE(row):
            return _copied(row, -1, k, value)
    return row[:i] + (value,) + row[i + 1:]


cpdef object without(row, item):
    """``row`` once its first entry equal to ``item`` has left it."""
    cdef Py_ssize_t k
    if type(row) is tuple:
        for k in range(PyTuple_GET_SIZE(row)):
            # tuple.index's comparison: the entry's identity first, then its ==
            if PyObject_RichCompareBool(<object>PyTuple_GET_ITEM(row, k), item, Py_EQ):
                return _copied(row, k, -1, None)
    k = row.index(item)  # the error tuple.index gives, or a row of another type
    return row[:k] + row[k + 1:]


# --- which places of a record changed ---------------------------------------------------
cpdef object changed_places(old, new):
    """Bit ``k`` set where ``new``'s item ``k`` is not the very object ``old`` holds there:
    the items read by place, without a subclass's slot machinery, and the bits gathered in
    a machine word when there are at most 64 places."""
    cdef Py_ssize_t n = len(old), k
    cdef unsigned long long bits = 0
    if len(new) != n:
        raise ValueError(f"records of {n} and {len(new)} fields")
    if not (isinstance(old, tuple) and isinstance(new, tuple)) or n > 64:
        # any other sequences, or a record too long for one word: by Python ints
        return sum([1 << i for i in range(n) if new[i] is not old[i]])
    for k in range(n):
        if PyTuple_GET_ITEM(new, k) != PyTuple_GET_ITEM(old, k):
            bits |= (<unsigned long long>1) << k
    return bits


# --- states the garbage collector need not visit ---------------------------------------
# CPython untracks a tuple that holds no container but untracked tuples, the first time a
# collection visits it: it can be on no reference cycle. A record (a named tuple, which
# keeps nothing but its items) never is, and an explorer keeps every state it has seen,
# so each collection of the young objects visits all the states made since the last one.
# settled() applies the same rule at once, to a record too, and to its items first.
cdef extern from "Python.h":
    bint PyObject_IS_GC(object)
    int PyObject_GC_IsTracked(object)
    void PyObject_GC_UnTrack(void*)
    bint PyTuple_Check(object)
    ctypedef struct SizedType "PyTypeObject":
        Py_ssize_t tp_basicsize
        Py_ssize_t tp_itemsize
        Py_ssize_t tp_dictoffset

cdef enum:
    SETTLE_DEPTH = 16  # nesting looked into; anything deeper stays tracked


cdef bint _settle(object value, int depth):
    """Untrack ``value`` if it is a tuple or a record that holds only values which are no
    containers and tuples or records this untracks; whether it is untracked now."""
    if not PyObject_IS_GC(value):
        return True
    if not PyTuple_Check(value) or depth > SETTLE_DEPTH:
        return False
    cdef SizedType* t = <SizedType*>Py_TYPE(value)
    if (t.tp_dictoffset != 0 or t.tp_basicsize != (<SizedType*>tuple).tp_basicsize
            or t.tp_itemsize != (<SizedType*>tuple).tp_itemsize):
        return False  # a subclass that keeps more than its items
    if not PyObject_GC_IsTracked(value):
        return True
    cdef Py_ssize_t i
    for i in range(PyTuple_GET_SIZE(value)):
        if not _settle(<object>PyTuple_GET_ITEM(value, i), depth + 1):
            return False
    PyObject_GC_UnTrack(<PyObject*>value)
    return True


cpdef object settled(value):
    """``value``, untracked by the garbage collector where it can be on no cycle."""
    _settle(value, 0)
    return value
