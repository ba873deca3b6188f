"""The word lists a fill takes: the built-in scored English (``english``), lists merged, words left
out and clues (``lists``), and the one assembly of them all from the options (``dictionaries``)."""
