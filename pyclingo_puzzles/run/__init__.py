"""One run's plumbing: deadline, memory and signals (``runtime``), racing worker processes
(``portfolio``), progress, the stdout guard, lazy package attributes. Imports no family, no ``cli``."""
