"""pyclingo-puzzles: declarative puzzles (word search, crossword, strip cover) on clingo."""

__version__ = "0.1.0"
