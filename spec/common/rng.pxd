# Read by the compiled build only; rng.py is the definition and runs as it is without it.
# The generator's 64-bit word is mixed in C unsigned arithmetic, which wraps modulo 2**64
# exactly as rng.py's `& _MASK` does (tests/engine/test_compiled.py plays the same games
# on both builds). These names are then C values, absent from the compiled module's dict.
cimport cython

cdef unsigned long long _MASK, _MIX1, _MIX2

@cython.locals(z=cython.ulonglong)
cpdef tuple next_u64(seed)
