"""The design report: does a reading matter, and how much does each clause? See
:mod:`engine.analysis.report.build` (the report), ``stats`` (intervals, Holm, verdicts),
``play`` (one recorded game), ``metrics`` (the named metrics), ``symmetry`` (declared
symmetries, checked), ``ladder`` (skill depth), ``exact`` (small configurations) and
``data`` (the committed report data)."""
