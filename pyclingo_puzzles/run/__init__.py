"""One run's plumbing: the time budget (``runtime``), the command's watchdog (memory, the hard
deadline, signals), the answers' printing cost (``pricing``), worker processes and temporary files
(``children``, ``workers``), racing workers (``portfolio``), progress, the stdout guard, lazy
package attributes. Imports no family, no ``cli``."""
