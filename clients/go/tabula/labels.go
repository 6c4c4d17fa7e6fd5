package tabula

import (
	"context"
	"maps"

	"google.golang.org/protobuf/types/known/fieldmaskpb"

	"github.com/tabula-games/tabula/clients/go/tabulav1"
)

// Labels sets the managing backend's own key-value tags on the created game, series or
// tournament (for example "tournament": "spring", "round": "3"), to find it by later, or
// filters a listing by them. The server holds labels to these rules: at most 64; each key 1 to 63 characters
// of lowercase letters, digits, '_' and '-', starting with a lowercase letter; each value 0
// to 63 of the same characters (a letter that has a case must be lowercase). Labels that
// break them fail with INVALID_ARGUMENT, reason INVALID_REQUEST, every bad label named as a
// field violation of the status's google.rpc.BadRequest detail (labels[KEY] at a creation,
// requests[N].labels[KEY] for the Nth request of [Client.BatchCreateGames], from 0; read it
// with status.Convert(err).Details()).
//
// For the CreateGame calls and the GameFrom builders of [Client.BatchCreateGames], where
// they are the created game's labels (GetGame().GetLabels());
// for the CreateSeries calls, where they are the series' labels and each game of the series
// is made with the labels the series has when it makes the game; for the CreateTournament
// calls, where they are the tournament's labels and every game of the tournament carries
// them too; for [Client.ListGames], [Client.ListSeries] and [Client.ListTournaments], where
// they filter: only games (or series, or tournaments) carrying every one of these labels
// with these values are listed. Given more than once, the labels add up (a key given
// again takes the later value). Labels copies the map, so the caller may change it afterwards.
// Change the labels of an existing game or series with [Client.UpdateGameLabels] and
// [Client.UpdateSeriesLabels].
func Labels(labels map[string]string) LabelsOption {
	copied := maps.Clone(labels)
	return optionOf(func(o *callOptions) {
		if o.labels == nil {
			o.labels = make(map[string]string, len(copied))
		}
		maps.Copy(o.labels, copied)
	})
}

// labelsMask is the update mask of the Update calls: the labels, replaced whole.
func labelsMask() *fieldmaskpb.FieldMask {
	return &fieldmaskpb.FieldMask{Paths: []string{"labels"}}
}

// UpdateGameLabels replaces every label of a game with labels, under the rules of
// [Labels]; an empty (or nil) map clears them. Returns the game as it is now. Nothing of the
// game's play changes and no event is logged; a finished or archived game may be relabelled
// too. Bad labels fail with INVALID_ARGUMENT, reason INVALID_REQUEST, each named as a field
// violation game.labels[KEY]; an unknown id with NOT_FOUND, reason GAME_NOT_FOUND. Needs a
// service key. (It calls UpdateGame with update_mask "labels".)
func (c *Client) UpdateGameLabels(ctx context.Context, gameID string, labels map[string]string, opts ...CallOption) (*tabulav1.Game, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.UpdateGame, &tabulav1.UpdateGameRequest{
		Game:       &tabulav1.Game{GameId: gameID, Labels: labels},
		UpdateMask: labelsMask(),
	}, o)
	return response.GetGame(), err
}

// UpdateSeriesLabels replaces every label of a series, running or finished, with labels,
// under the rules of [Labels]; an empty (or nil) map clears them. Returns the series as it
// is now. The games the series made keep their labels; the games it makes after take the
// new ones. Bad labels fail with INVALID_ARGUMENT, reason INVALID_REQUEST, each named as a
// field violation series.labels[KEY]; an unknown id with NOT_FOUND, reason
// SERIES_NOT_FOUND. Needs a service key. (It calls UpdateSeries with update_mask "labels".)
func (c *Client) UpdateSeriesLabels(ctx context.Context, seriesID string, labels map[string]string, opts ...CallOption) (*tabulav1.Series, error) {
	o := collect(opts)
	response, err := unary(ctx, c.stub.UpdateSeries, &tabulav1.UpdateSeriesRequest{
		Series:     &tabulav1.Series{SeriesId: seriesID, Labels: labels},
		UpdateMask: labelsMask(),
	}, o)
	return response.GetSeries(), err
}
