"""One module a subcommand: its argparse options (``add_arguments``) and ``run(args)``, the glue
that turns the parsed arguments into the plain values of the family's (or app's) own ``report.py``.
The families know no argv: what they offer a command is their API and their report building."""
