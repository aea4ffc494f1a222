# Read by the compiled build only; updaters.py is the definition and runs as it is without
# it. Each state's _replace builds the new state by the C function of
# spec/common/tuples.pyx, called directly.
from spec.common.tuples cimport updated
