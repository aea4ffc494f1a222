# Read by the compiled build only; game.py is the definition and runs as it is without it.
# The listing loop handles the plan's own containers (engine.core.game._listing_plan) and the
# game's listing tuple (Game._listing): typed here, Cython calls the dicts' get and the
# list's append directly instead of looking the methods up on every candidate action; the
# actions are built by spec/common/tuples.pyx's C function.
cimport cython
from spec.common.tuples cimport instance

@cython.locals(out=list, made=dict, mine=dict, checks=tuple)
cpdef list _listed(tuple moves, cfg, state)

@cython.locals(plan=dict)
cpdef list _listed_now(tuple listing, state)

cpdef bint _among(action, list actions)

# A Game is an extension type in the compiled build: its methods read these attributes
# from the instance's C struct, not through Python's attribute lookup (about 200
# instructions each, several per step and listing). They stay readable and writable from
# Python by the same names, and the instance keeps a __dict__ for anything else.
cdef class Game:
    cdef public object spec
    cdef public object config
    cdef public tuple _last
    cdef public tuple _last_scores
    cdef public bint _shared_winners
    cdef public dict _effects
    cdef public bint _plain_over
    cdef public dict _plan
    cdef public tuple _listing
    cdef dict __dict__
    cdef object __weakref__
