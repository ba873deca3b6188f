"""The dictionary fill engine: which dictionaries to try (``strategy``), one attempt (``attempt``:
candidates pruned to arc consistency in ``pruning``, the facts of ``facts``, the solve), the word
propagator (``native`` binding the compiled ``fillprop.c``, ``propagator`` its pure-Python twin, with
``trail``, ``reasons`` and ``decisions``), the word tables (``wordsets``), the shared-run rule
(``shared``) and the minimal core of a framework no fill exists for (``unfillable``)."""
