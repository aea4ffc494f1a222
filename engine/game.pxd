# Read by the compiled build only; game.py is the definition and runs as it is without it.
# The listing loop handles the plan's own containers (engine.game._listing_plan) and the
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
