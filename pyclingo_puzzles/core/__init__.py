"""The clingo core: control and solving (``solve``), status and exit codes, the user's rule files,
errors, letters and the grid types the families share. Imports no family, no ``cli``."""
