package tabula

import (
	"context"

	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// RatingPool rates the created game in pool (CreateGameRequest.rating_pool): when it ends
// with a result, both players' Glicko-2 ratings in the pool are updated, exactly once and
// moments after the end (asynchronously, by whichever server sees it end first). RATING_POOL_KIND
// is the kind's pool, named by the kind ("tic_tac_toe", "chess"); RATING_POOL_PRESET the
// preset's own, named "<kind>/<preset>" ("chess/chess960"), for a creation from a preset
// only; RATING_POOL_UNSPECIFIED (the default) leaves the game unrated. Ratings are kept per
// service key: each key's pools are its own.
//
// A rated game needs two seats each naming its player ([Players] with player ids), or a seat
// the engine plays ([Bots], rated as the player "engine-level-<level>"), two different
// players, and an end that is final (no [EndingTakebackWindow]); the server refuses anything
// else with INVALID_ARGUMENT, reason INVALID_REQUEST, every problem named as a field
// violation (players, rating_pool). The game shows its rating in GetGame().GetRating() (and
// a view in GetRating()): GetPool(), GetPlayerIds() and GetBefore() (each seat's rating when
// the game was made; a new player's is 1500) from the creation, and once GetRated() is true
// GetAfter() (empty for a game that ended without a result, which counts for nothing). Read
// the ratings with [Client.GetPlayerRatings] and [Client.ListLeaderboard]. A rematch
// ([Client.CreateRematch]) is rated in the same pool. For the CreateGame calls and the
// GameFrom builders of [Client.BatchCreateGames]; for the CreateSeries calls
// (CreateSeriesRequest.rating_pool), which rate every game of the series in the pool, each
// as a game created with it is (both players named with [Players], or played by the
// engine with [Bots]; the series names the pool in GetRatingPool(), each game its rating in
// GetRating()); and for the CreateTournament calls, which rate every game of the tournament
// in the pool (the tournament names it in GetRatingPool(); each player is rated as its own:
// two [Engine] players of one level are refused; [SeedByRating] seeds a knockout by the
// pool's ratings). [Client.CreateRematch] does not take it.
func RatingPool(pool tabulav1.RatingPool) CreationOption {
	return optionOf(func(o *callOptions) { o.ratingPool = pool })
}

// ExcludeProvisional leaves provisional ratings (Rating.provisional: a deviation above 110,
// too few games or too long ago to rely on) out of a leaderboard; the ranks then count only
// those listed. For [Client.ListLeaderboard].
func ExcludeProvisional() ListLeaderboardOption {
	return optionOf(func(o *callOptions) { o.excludeProvisional = true })
}

// GetPlayerRatings returns playerID's ratings under the calling service key, one per pool
// the player was rated in (none for a player never rated): each one's GetPool(), GetRating()
// (GetRating(), GetDeviation() as of now, GetVolatility(), GetProvisional()), GetGames(),
// GetWins(), GetDraws(), GetLosses() and GetLastRatedTime(); GetRank() is 0. playerID is a
// [Player]'s id or "engine-level-<level>" for the engine's level; an empty one, or one over
// 128 characters, fails with INVALID_ARGUMENT, reason INVALID_REQUEST. Needs a service key.
func (c *Client) GetPlayerRatings(ctx context.Context, playerID string, opts ...CallOption) ([]*tabulav1.PlayerRating, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.GetPlayerRatings, &tabulav1.GetPlayerRatingsRequest{PlayerId: playerID}, o)
	return response.GetRatings(), err
}

// ListLeaderboard lists pool's ratings under the calling service key (pool as
// GameRating.pool names it: "tic_tac_toe", "chess/chess960"), the best rating first, players
// with equal ratings by id, one page at a time, each with its GetRank() in the leaderboard
// (from 1; players with equal ratings each have a place of their own). Provisional ratings
// are listed, flagged (GetRating().GetProvisional()), unless [ExcludeProvisional]. Options:
// filter [ExcludeProvisional]; paging [PageSize] (0: 50, at most 500), [PageToken] (the
// response's GetNextPageToken(), empty on the last page; later pages take the same pool and
// filter). An empty pool, or one over 128 characters, fails with INVALID_ARGUMENT, reason
// INVALID_REQUEST; a pool nobody was rated in lists none. Needs a service key.
func (c *Client) ListLeaderboard(ctx context.Context, pool string, opts ...ListLeaderboardOption) (*tabulav1.ListLeaderboardResponse, error) {
	o := collect(opts)
	return unary(ctx, c.stub.ListLeaderboard, &tabulav1.ListLeaderboardRequest{
		Pool: pool, PageSize: o.pageSize, PageToken: o.pageToken, ExcludeProvisional: o.excludeProvisional,
	}, o)
}
