"""Print the table of docs/catalogues.md ("What is in a catalogue") from the shipped catalogues.

Run: ``python benchmarks/catalogue_table.py`` and paste its output over the
table (tests/test_family_catalogues.py checks that the page's rows agree
with the shipped files).
"""

from __future__ import annotations

from solitaire_core.catalogue import shipped_catalogue
from solitaire_core.variants import SHIPPED_VARIANTS, code_header


def table() -> list[str]:
    """The table's lines: one row a shipped game with a catalogue, in the registry's order."""
    lines = [
        "| game | prefix | deals | easy | medium | hard | not proven | budget (positions a deal) |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for variant in SHIPPED_VARIANTS.values():
        header = code_header(variant)
        catalogue = None if header is None else shipped_catalogue(str(header))
        if catalogue is None:
            continue
        counts = catalogue.counts()
        cells = (variant.name, str(header), catalogue.deals, counts["easy"], counts["medium"],
                 counts["hard"], counts["not_proven"], catalogue.max_positions)  # fmt: skip
        lines.append("| " + " | ".join(f"{c:,}" if isinstance(c, int) else c for c in cells) + " |")
    return lines


if __name__ == "__main__":
    print("\n".join(table()))
