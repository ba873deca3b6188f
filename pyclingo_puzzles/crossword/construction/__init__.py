"""Constructing a crossword: block patterns (``pattern``), theme entries (``themes``) and the
pattern and fill together (``construct``)."""
