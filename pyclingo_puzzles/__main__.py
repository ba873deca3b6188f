from .cli.command import console

console()
