"""``python -m judge``: the same command line as the ``judge`` script."""

from judge.cli import main

if __name__ == "__main__":
    main(prog_name="judge")
