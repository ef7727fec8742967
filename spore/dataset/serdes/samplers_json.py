"""Samplers in MindSpore's JSON pipeline description: {"sampler_name": ..., its settings,
"child_sampler": [the child's description] when chained}; num_samples 0 means all."""
from __future__ import annotations

from .. import config
from ..samplers import (
    DistributedSampler,
    PKSampler,
    RandomSampler,
    Sampler,
    SequentialSampler,
    SubsetRandomSampler,
    SubsetSampler,
    WeightedRandomSampler,
)

_SHUFFLE_GLOBAL = 2
"""MindSpore's ShuffleMode code for a global shuffle (0: none)."""


def _settings(sampler: Sampler) -> dict:
    if isinstance(sampler, SequentialSampler):
        return {"start_index": sampler.start_index}
    if isinstance(sampler, RandomSampler):
        return {"replacement": sampler.replacement, "reshuffle_each_epoch": True, "shuffle_mode": _SHUFFLE_GLOBAL}
    if isinstance(sampler, DistributedSampler):  # MindSpore writes the seed its sampler derives: seed + 1
        return {"even_dist": True, "num_shards": sampler.num_shards, "offset": sampler.offset,
                "seed": config.get_seed() + 1, "shard_id": sampler.shard_id,
                "shuffle_mode": _SHUFFLE_GLOBAL if sampler.shuffle else 0}
    if isinstance(sampler, (SubsetRandomSampler, SubsetSampler)):
        return {"indices": [int(i) for i in sampler.indices]}
    if isinstance(sampler, WeightedRandomSampler):
        return {"replacement": sampler.replacement, "weights": [float(w) for w in sampler.weights]}
    if isinstance(sampler, PKSampler):
        return {"num_val": sampler.num_val, "shuffle": sampler.shuffle}
    return {}  # a user's Sampler: its name only, it cannot be rebuilt


def sampler_to_json(sampler: Sampler) -> dict:
    """The JSON object of a sampler and its children."""
    description = {"num_samples": sampler.num_samples or 0, "sampler_name": type(sampler).__name__,
                   **_settings(sampler)}
    if sampler.child is not None:
        description["child_sampler"] = [sampler_to_json(sampler.child)]
    return dict(sorted(description.items()))


_BUILDERS = {
    "SequentialSampler": lambda d, n: SequentialSampler(d.get("start_index", 0), n),
    "RandomSampler": lambda d, n: RandomSampler(d.get("replacement", False), n),
    "DistributedSampler": lambda d, n: DistributedSampler(d["num_shards"], d["shard_id"],
                                                          d.get("shuffle_mode", _SHUFFLE_GLOBAL) != 0, n,
                                                          d.get("offset", -1)),
    "SubsetRandomSampler": lambda d, n: SubsetRandomSampler(d["indices"], n),
    "SubsetSampler": lambda d, n: SubsetSampler(d["indices"], n),
    "WeightedRandomSampler": lambda d, n: WeightedRandomSampler(d["weights"], n, d.get("replacement", True)),
    "PKSampler": lambda d, n: PKSampler(d["num_val"], None, d.get("shuffle", False), num_samples=n),
}


def sampler_from_json(description: dict) -> Sampler:
    """The sampler (with its children) a JSON object describes."""
    name = description.get("sampler_name")
    if name not in _BUILDERS:
        raise RuntimeError(f"deserialize: the sampler {name!r} cannot be rebuilt from JSON; supported: "
                           f"{sorted(_BUILDERS)}.")
    sampler = _BUILDERS[name](description, description.get("num_samples") or None)
    for child in description.get("child_sampler", []):
        sampler.add_child(sampler_from_json(child))
    return sampler
