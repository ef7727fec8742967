"""MindSpore's JSON description of a data pipeline: `serialize`, `deserialize`, `show`,
`compare` and `Dataset.to_json` (see pipeline_json.py for what is written and what
can be rebuilt)."""
from .api import compare, deserialize, serialize, show

__all__ = ["compare", "deserialize", "serialize", "show"]
