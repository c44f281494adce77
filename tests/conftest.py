import os
import sys

# the tests import the packages from the checkout even before an install
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
