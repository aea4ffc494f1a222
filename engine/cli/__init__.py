"""The command line, a face: ``fruitspec`` (and ``python -m engine``) parses arguments and
prints results; the work is done by the core, the analysis tools and the proofs.
:func:`engine.cli.main.main` is the entry point."""
