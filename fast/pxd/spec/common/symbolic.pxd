# Read by the compiled build only; symbolic.py is the definition and runs as it is without
# it. The scoring and trick-resolution modules call these helpers many times a step, on
# plain ints: declared cpdef, they stay in the module's dict for every Python caller (the
# proofs, the tests), and each scoring module that cimports them (its own .pxd) calls them
# as C functions, without Python's calling convention. The code is the same either way.
cpdef bint _plain(values)
cpdef object If(cond, then, other)
cpdef object Not(cond)
cpdef object Sum(values)
cpdef object Max(values)
cpdef object Min(values)
cpdef object Div(a, b)
cpdef object Clamp(value, low, high)
