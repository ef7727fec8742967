"""The node table `SymbolTree.print_node_tabulate` prints: one row per node with its type,
name, source, argument providers and target users, laid out as plain columns."""
from __future__ import annotations


def node_rows(nodes: list, links, nested: bool) -> list[list[str]]:
    """The table rows of `nodes` (the top-level ones of a tree, or a `nested` body), with
    the Links of their tree."""
    rows = []
    for node in nodes:
        providers = [[index, (source.name, out)] for index, (source, out) in links.providers[id(node)].items()]
        # As MindSpore lists them: an unused target only when it is a top-level statement's first.
        users = [[index, [(user.name, arg) for user, arg in found]] for index, found in links.users[id(node)].items()
                 if found or (index == 0 and node.form != "input" and not nested)]
        rows.append([str(node.node_type), node.name, node.code(), str(providers), str(users)])
    return rows


HEADERS = ["node type", "name", "codes", "arg providers", "target users"]


def format_table(headers: list[str], rows: list[list[str]]) -> str:
    """Left-aligned columns two spaces apart under a dashed rule; a cell may span lines."""
    cells = [[cell.split("\n") for cell in row] for row in rows]
    widths = [max([len(header) + 2] + [len(line) for row in cells for line in row[column]])
              for column, header in enumerate(headers)]

    def line(parts) -> str:
        return "  ".join(part.ljust(width) for part, width in zip(parts, widths)).rstrip()

    lines = [line(headers), line(["-" * w for w in widths])]
    for row in cells:
        height = max(len(cell) for cell in row)
        for index in range(height):
            lines.append(line([cell[index] if index < len(cell) else "" for cell in row]))
    return "\n".join(lines)
