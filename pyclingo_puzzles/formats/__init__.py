"""Formats in and out: YAML reading, .ipuz, SVG, output files, JSON and statistics printing.
Imports ``core`` only: no family, no ``cli``."""
