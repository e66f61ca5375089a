"""Bring the translation catalogs in step with the code, and say what is left to translate.

    python scripts/catalogs.py            # update locale/cwtui.pot and every .po
    python scripts/catalogs.py --add de   # and start German's catalog

Prints each language's count of messages still untranslated (and, with --list, which);
exits 1 if French or Japanese lacks any (as the tests do).
"""

from __future__ import annotations

import argparse
import sys

from catalog_messages import update

REQUIRED = ("fr", "ja")  # the rulebooks' languages: complete, always


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--add", metavar="CODE", help="start a catalog for this language (a code such as de or pt_BR)")
    parser.add_argument("--list", action="store_true", help="list the untranslated messages")
    args = parser.parse_args()
    gaps = update(args.add)
    for code, messages in gaps.items():
        print(f"{code}: {len(messages)} untranslated")
        if args.list:
            for message in messages:
                print(f"  {message!r}")
    return 1 if any(gaps.get(code) for code in REQUIRED) else 0


if __name__ == "__main__":
    sys.exit(main())
