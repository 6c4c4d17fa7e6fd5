"""The generated tabula.v1 messages and enums, re-exported under one short name."""

from tabula_client._gen.tabula.v1.cell_pb2 import Cell
from tabula_client._gen.tabula.v1.config_pb2 import (
    BattleshipConfig,
    ChessConfig,
    ConnectFourConfig,
    GameConfig,
    GomokuConfig,
    MorrisConfig,
    PegSolitaireConfig,
    ReversiConfig,
    TicTacToeConfig,
    TicTacTwoConfig,
)
from tabula_client._gen.tabula.v1.error_pb2 import ErrorReason
from tabula_client._gen.tabula.v1.event_pb2 import (
    Actor,
    GameAborted,
    GameAdjudicated,
    GameEvent,
    ServiceActor,
)
from tabula_client._gen.tabula.v1.game_pb2 import EndReason, Game, GameKind, GameStatus, Outcome, OutcomeType
from tabula_client._gen.tabula.v1.game_service_pb2 import (
    AbortGameRequest,
    AbortGameResponse,
    AdjudicateGameRequest,
    AdjudicateGameResponse,
    CreateGameRequest,
    CreateGameResponse,
    GameKindInfo,
    GetGameRequest,
    GetViewRequest,
    LegalMove,
    ListGameKindsRequest,
    ListLegalMovesRequest,
    ListLegalMovesResponse,
    StreamEventsRequest,
    StreamEventsResponse,
    SubmitMoveRequest,
    SubmitMoveResponse,
)
from tabula_client._gen.tabula.v1.move_pb2 import (
    Capture,
    Draw,
    DrawAction,
    Fleet,
    GridShift,
    Location,
    Move,
    Orientation,
    Pass,
    PieceMove,
    Place,
    Promotion,
    Ready,
    ShipPlacement,
    Shot,
)
from tabula_client._gen.tabula.v1.view_pb2 import Piece, Stage, View

__all__ = [
    "AbortGameRequest", "AbortGameResponse", "Actor", "AdjudicateGameRequest", "AdjudicateGameResponse",
    "BattleshipConfig", "Capture", "Cell", "ChessConfig", "ConnectFourConfig", "CreateGameRequest",
    "CreateGameResponse", "Draw", "DrawAction", "EndReason", "ErrorReason", "Fleet", "Game", "GameAborted",
    "GameAdjudicated", "GameConfig", "GameEvent", "GameKind", "GameKindInfo", "GameStatus", "GetGameRequest",
    "GetViewRequest", "GomokuConfig", "GridShift", "LegalMove", "ListGameKindsRequest", "ListLegalMovesRequest",
    "ListLegalMovesResponse", "Location", "MorrisConfig", "Move", "Orientation", "Outcome", "OutcomeType", "Pass",
    "PegSolitaireConfig", "Piece", "PieceMove", "Place", "Promotion", "Ready", "ReversiConfig", "ServiceActor",
    "ShipPlacement", "Shot", "Stage", "StreamEventsRequest", "StreamEventsResponse", "SubmitMoveRequest",
    "SubmitMoveResponse", "TicTacToeConfig", "TicTacTwoConfig", "View",
]
