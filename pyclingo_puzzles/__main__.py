from .cli.entry import console

console()
