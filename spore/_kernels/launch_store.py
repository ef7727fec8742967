"""The key-value store msrun coordinates a job through: torch's TCPStore.

The launcher on the master node serves it on `--master_port`; the launchers of the other
nodes and every worker connect to it. Workers' process groups rendezvous through the same
store (torch's "agent store" protocol, `TORCHELASTIC_USE_AGENT_STORE`), so one port serves
the launchers and the collectives, as MindSpore's scheduler does.
"""
from __future__ import annotations

import datetime

from torch.distributed import TCPStore

AGENT_STORE_ENV = {"TORCHELASTIC_USE_AGENT_STORE": "True"}
"""What a worker's environment holds so that its process group joins the launcher's store."""


class StoreError(OSError):
    """The store could not be served or reached (the message is torch's, for the launcher to explain)."""


def serve(host: str, port: int, timeout_s: float) -> TCPStore:
    """Serve the store on `port` (all interfaces) and return a handle on it."""
    try:
        return TCPStore(host, port, is_master=True, wait_for_workers=False,
                        timeout=datetime.timedelta(seconds=timeout_s))
    except RuntimeError as error:
        raise StoreError(str(error)) from None


def connect(host: str, port: int, timeout_s: float) -> TCPStore:
    """A client of the store served at host:port."""
    try:
        return TCPStore(host, port, is_master=False, timeout=datetime.timedelta(seconds=timeout_s))
    except RuntimeError as error:
        raise StoreError(str(error)) from None
