"""What the tests share to read this client's event streams: the shape of a stream (a game's
`EventStream` or the owner's `OwnerEventStream`), and a follower that reads one in a thread of
its own and hands its events out one by one with a wait."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from typing import Generic, Protocol, TypeVar

_Event = TypeVar("_Event", covariant=True)
_Followed = TypeVar("_Followed")


class Stream(Protocol[_Event]):
    """An event stream of this client: a game's (`EventStream`) or the owner's."""

    def __iter__(self) -> Iterator[_Event]: ...

    def close(self) -> None: ...


class Follower(Generic[_Followed]):
    """A stream's events, read in a thread of their own, handed out one by one with a wait.

    With `quiet_close` an error the iteration raises (a stream closed from the test's thread)
    ends the events like the stream's end, rather than escaping the thread."""

    def __init__(self, stream: Stream[_Followed], *, quiet_close: bool = False) -> None:
        self.stream = stream
        self.quiet_close = quiet_close
        self.events: queue.Queue[_Followed | None] = queue.Queue()
        self.thread = threading.Thread(target=self._follow, daemon=True)
        self.thread.start()

    def _follow(self) -> None:
        try:
            for event in self.stream:
                self.events.put(event)
        except Exception:  # closed from the test's thread
            if not self.quiet_close:
                raise
        finally:
            self.events.put(None)  # the stream ended

    def next(self, seconds: float) -> _Followed | None:
        """The next event within `seconds`, or None (nothing came, or the stream ended)."""
        try:
            return self.events.get(timeout=seconds)
        except queue.Empty:
            return None

    def close(self) -> None:
        self.stream.close()
        self.thread.join(timeout=10)
