"""A small least-recently-used cache (the server's caches of hypotheses, repairs, actions and
log lines): a dict that forgets its least recently used entries beyond a size."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LruCache(Generic[K, V]):
    """A dict that forgets its least recently used entries beyond ``maxsize``."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._data: OrderedDict[K, V] = OrderedDict()

    def __len__(self) -> int:
        return len(self._data)

    def get(self, key: K) -> V | None:
        value = self._data.get(key)
        if value is not None:
            self._data.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        self._data[key] = value
        self._data.move_to_end(key)
        while len(self._data) > self.maxsize:
            self._data.popitem(last=False)

    def drop_where(self, predicate: Callable[[V], bool]) -> None:
        """Forget the entries whose value satisfies ``predicate``."""
        for key in [k for k, v in self._data.items() if predicate(v)]:
            del self._data[key]

    def clear(self) -> None:
        self._data.clear()
