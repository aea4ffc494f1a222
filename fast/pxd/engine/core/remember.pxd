# Read by the compiled build only; remember.py is the definition and runs as it is without it.
# A remembered call builds its key and copies its answer through these small functions,
# several times a call: as C functions they call each other without Python's calling
# convention. They stay in the module's dict (cpdef), for the tests and the other modules.
cpdef bint _atoms(values)
cpdef bint _unchangeable(values)
cpdef frozen(value)
cpdef fresh(value)
cpdef tuple key_of(tuple args, dict kwargs)
