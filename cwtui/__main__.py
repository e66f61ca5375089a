import sys

from cwtui.cli import main

sys.exit(main())
