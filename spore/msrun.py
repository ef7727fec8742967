"""`python -m spore.msrun ...`: MindSpore's `msrun` launcher (defined in `spore.parallel.msrun`)."""
import sys

from .parallel.msrun import main

if __name__ == "__main__":
    sys.exit(main())
