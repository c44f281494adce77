import sys

from npw.cli import main

sys.exit(main())
