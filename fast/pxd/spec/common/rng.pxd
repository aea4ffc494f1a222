# Read by the compiled build only; rng.py is the definition and runs as it is without it.
# The generator's 64-bit word is stepped and mixed in C unsigned arithmetic, which wraps
# modulo 2**64 exactly as rng.py's `& _MASK` does; a shuffle draws every index in that
# arithmetic, with no Python int made on the way (tests/core/test_speed_rng.py and
# test_compiled.py hold the two builds to the same draws). These names are then C values
# and functions, absent from the compiled module's dict.
cimport cython

cdef unsigned long long _MASK, _GAMMA, _MIX1, _MIX2

cdef unsigned long long _advanced(unsigned long long seed) noexcept

@cython.locals(z=cython.ulonglong)
cdef unsigned long long _mixed(unsigned long long seed) noexcept

cpdef tuple next_u64(seed)

cpdef tuple below(seed, n)

@cython.locals(spare=cython.ulonglong, value=cython.ulonglong)
cdef (unsigned long long, unsigned long long) _below_word(unsigned long long seed,
                                                         unsigned long long n)

@cython.locals(word=cython.ulonglong, i=cython.Py_ssize_t, j=cython.Py_ssize_t)
cpdef tuple shuffled(items, seed)
