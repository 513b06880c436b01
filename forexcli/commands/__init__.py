"""The commands of ``forex``, one module a family (``common`` holds what they share).

``forexcli.cli`` keeps the group and imports a command's module only when that command
runs (its ``COMMANDS`` table says where each one is).
"""
