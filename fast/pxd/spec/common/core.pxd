# Read by the compiled build only; core.py is the definition and runs as it is without it.
# Events are built by the C function of spec/common/tuples.pyx, called directly.
from spec.common.tuples cimport instance
