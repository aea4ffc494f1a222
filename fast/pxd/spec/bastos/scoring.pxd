# Read by the compiled build only (see spec/common/symbolic.pxd): the symbolic helpers this
# module calls on every trick or score, as C functions.
from spec.common.symbolic cimport If, Not, Sum
