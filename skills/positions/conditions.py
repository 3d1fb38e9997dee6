"""The condition language of review positions: a readable, safe subset of Python expressions.

    cap < 10                      holder == 'them'             excluded or period_days < 365
    not mutual                    'budget' in missing_items    missing_items_count > 0

Names are the position's extracted values; `excluded` and `present` are always defined. A value that was not
found is None and every comparison with None is false, so "cap < 10" never fires on a cap nobody could read.
Only names, numbers, strings, comparisons, `and`/`or`/`not` and `in` are allowed: a playbook is data, and
nothing in it can call a function or reach an attribute.
"""

from __future__ import annotations

import ast
import operator
from functools import lru_cache
from typing import Any

_COMPARE = {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
            ast.Eq: operator.eq, ast.NotEq: operator.ne}


@lru_cache(maxsize=1024)
def _parse(expression: str) -> ast.Expression:
    try:
        tree = ast.parse(expression, mode="eval")
    except SyntaxError as exc:
        raise ValueError(f"not a valid condition: {expression!r} ({exc.msg})") from exc
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Expression, ast.BoolOp, ast.And, ast.Or, ast.UnaryOp, ast.Not, ast.Compare,
                                 ast.Name, ast.Load, ast.Constant, ast.In, ast.NotIn, *_COMPARE)):
            raise ValueError(f"condition {expression!r} uses {type(node).__name__}, which conditions do not allow")
    return tree


def check_expression(expression: str) -> set[str]:
    """The names a condition uses; ValueError when it is not a valid condition."""
    return {node.id for node in ast.walk(_parse(expression)) if isinstance(node, ast.Name)}


def evaluate(expression: str, values: dict[str, Any]) -> bool:
    return bool(_eval(_parse(expression).body, values))


def _eval(node: ast.AST, values: dict[str, Any]) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return values.get(node.id)
    if isinstance(node, ast.BoolOp):
        results = (_eval(v, values) for v in node.values)
        return all(results) if isinstance(node.op, ast.And) else any(results)
    if isinstance(node, ast.UnaryOp):
        return not _eval(node.operand, values)
    if isinstance(node, ast.Compare):
        left = _eval(node.left, values)
        for op, right_node in zip(node.ops, node.comparators):
            right = _eval(right_node, values)
            if isinstance(op, (ast.In, ast.NotIn)):
                if right is None:
                    return False
                ok = (left in right) if isinstance(op, ast.In) else (left not in right)
            elif left is None or right is None:
                return False
            else:
                try:
                    ok = _COMPARE[type(op)](left, right)
                except TypeError:
                    return False
            if not ok:
                return False
            left = right
        return True
    raise ValueError(f"unsupported condition element {type(node).__name__}")


def strength(expression: str, values: dict[str, Any]) -> tuple[int, float]:
    """How strongly a true condition holds, to choose among provisions with the same verdict: how many of its
    alternatives ('a or b or c') are true, then how far past their thresholds its true comparisons go ('notice_days
    < 28' holds more strongly at 2 days than at 12)."""
    body = _parse(expression).body
    alternatives = body.values if isinstance(body, ast.BoolOp) and isinstance(body.op, ast.Or) else [body]
    true = [node for node in alternatives if _eval(node, values)]
    margin = 0.0
    for node in true:
        for compare in (n for n in ast.walk(node) if isinstance(n, ast.Compare) and len(n.ops) == 1):
            left, right = _eval(compare.left, values), _eval(compare.comparators[0], values)
            if (isinstance(left, (int, float)) and isinstance(right, (int, float)) and not isinstance(left, bool)
                    and not isinstance(right, bool) and _eval(compare, values)):
                margin += abs(left - right) / max(abs(right), abs(left), 1e-9)
    return len(true), margin

