package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.util.Timestamps;
import dev.tabula.v1.Actor;
import dev.tabula.v1.BoardResult;
import dev.tabula.v1.ClockActor;
import dev.tabula.v1.ClockPaused;
import dev.tabula.v1.ClockResumed;
import dev.tabula.v1.EndReason;
import dev.tabula.v1.ErrorReason;
import dev.tabula.v1.GameAborted;
import dev.tabula.v1.GameAdjudicated;
import dev.tabula.v1.GameEvent;
import dev.tabula.v1.GameKind;
import dev.tabula.v1.GameResumed;
import dev.tabula.v1.GameServiceGrpc;
import dev.tabula.v1.Move;
import dev.tabula.v1.MoveTakenBack;
import dev.tabula.v1.OutcomeType;
import dev.tabula.v1.OwnerEventKind;
import dev.tabula.v1.Piece;
import dev.tabula.v1.SeatPresenceChanged;
import dev.tabula.v1.SeriesDraws;
import dev.tabula.v1.SeriesEvent;
import dev.tabula.v1.SeriesFinished;
import dev.tabula.v1.SeriesGameFinished;
import dev.tabula.v1.SeriesGameStarted;
import dev.tabula.v1.SeriesStatus;
import dev.tabula.v1.ServiceActor;
import dev.tabula.v1.Starter;
import dev.tabula.v1.StreamEventsRequest;
import dev.tabula.v1.TakebackDeclined;
import dev.tabula.v1.TakebackRequested;
import dev.tabula.v1.TimeAdded;
import dev.tabula.v1.TimedOut;
import dev.tabula.v1.TimeoutRule;
import dev.tabula.v1.TournamentBoardFinished;
import dev.tabula.v1.TournamentEvent;
import dev.tabula.v1.TournamentFormat;
import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.stub.ServerCalls;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Answers of a newer server (clients/conformance/unknown.json, format in its README) through
 * this client, offline: unknown enum values are kept and named {@code unknown(N)}, events and
 * moves of unknown kinds are delivered as kind {@code unknown}, and streams count their seqs.
 *
 * <p>A stand-in server on loopback answers the client's calls with the fixture's bytes,
 * verbatim, so every entry travels the path a real answer takes: gRPC, the generated parser,
 * and the client's own wrappers ({@link TabulaClient#getView}, {@link EventStream}, ...).
 */
class UnknownValuesTest {
  private static final Pattern STEP = Pattern.compile("([a-z_0-9]+)((?:\\[\\d+\\])*)");
  private static final Pattern INDEX = Pattern.compile("\\[(\\d+)\\]");

  private static final MethodDescriptor.Marshaller<byte[]> RAW = new MethodDescriptor.Marshaller<>() {
    @Override
    public InputStream stream(byte[] value) {
      return new ByteArrayInputStream(value);
    }

    @Override
    public byte[] parse(InputStream stream) {
      try {
        return stream.readAllBytes();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  };

  static Stream<Arguments> entries() throws IOException {
    JsonObject fixture = JsonParser.parseString(
        Files.readString(TestServer.repoRoot().resolve(Path.of("clients", "conformance", "unknown.json")))).getAsJsonObject();
    assertEquals(1, fixture.get("version").getAsInt(), "unknown.json version");
    List<Arguments> entries = new ArrayList<>();
    for (JsonElement element : fixture.getAsJsonArray("entries")) {
      JsonObject entry = element.getAsJsonObject();
      entries.add(Arguments.of(Named.of(entry.get("call").getAsString() + ": " + entry.get("name").getAsString(), entry)));
    }
    return entries.stream();
  }

  /**
   * Answers the entry's call with its responses; other methods are UNIMPLEMENTED. StreamEvents:
   * with break_after, the first call sends that many responses and ends with UNAVAILABLE, and
   * later calls send the rest; {@code afterSeqs} records each call's request.
   */
  private static final class StandIn implements AutoCloseable {
    final List<Long> afterSeqs = new CopyOnWriteArrayList<>();
    final Server server;

    StandIn(JsonObject entry) throws IOException {
      String call = entry.get("call").getAsString();
      List<byte[]> responses = new ArrayList<>();
      entry.getAsJsonArray("responses").forEach(r -> responses.add(Base64.getDecoder().decode(r.getAsString())));
      int breakAfter = entry.has("break_after") ? entry.get("break_after").getAsInt() : -1;
      boolean stream = call.equals("StreamEvents");
      MethodDescriptor<byte[], byte[]> method = MethodDescriptor.<byte[], byte[]>newBuilder()
          .setType(stream ? MethodDescriptor.MethodType.SERVER_STREAMING : MethodDescriptor.MethodType.UNARY)
          .setFullMethodName(MethodDescriptor.generateFullMethodName(GameServiceGrpc.SERVICE_NAME, call))
          .setRequestMarshaller(RAW)
          .setResponseMarshaller(RAW)
          .build();
      ServerServiceDefinition.Builder service = ServerServiceDefinition.builder(GameServiceGrpc.SERVICE_NAME);
      if (stream) {
        service.addMethod(method, ServerCalls.asyncServerStreamingCall((request, observer) -> {
          boolean first = afterSeqs.isEmpty();
          try {
            afterSeqs.add(StreamEventsRequest.parseFrom(request).getAfterSeq());
          } catch (IOException e) {
            observer.onError(Status.INVALID_ARGUMENT.withCause(e).asRuntimeException());
            return;
          }
          List<byte[]> sent = breakAfter < 0 ? responses
              : first ? responses.subList(0, breakAfter) : responses.subList(breakAfter, responses.size());
          sent.forEach(observer::onNext);
          if (breakAfter >= 0 && first) {
            observer.onError(Status.UNAVAILABLE.withDescription("the stand-in server breaks the stream").asRuntimeException());
          } else {
            observer.onCompleted();
          }
        }));
      } else {
        service.addMethod(method, ServerCalls.asyncUnaryCall((request, observer) -> {
          observer.onNext(responses.get(0));
          observer.onCompleted();
        }));
      }
      server = Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create()).addService(service.build()).build().start();
    }

    String address() {
      return "127.0.0.1:" + server.getPort();
    }

    @Override
    public void close() {
      server.shutdownNow();
      try {
        server.awaitTermination(5, TimeUnit.SECONDS);
      } catch (InterruptedException interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** The message holding the last field of {@code path}, that field, and its value. */
  private record Found(Message parent, FieldDescriptor field, Object value) {}

  private static Found resolve(Message root, String path) {
    Message parent = root;
    Object value = root;
    FieldDescriptor field = null;
    for (String step : path.split("\\.")) {
      Matcher matcher = STEP.matcher(step);
      if (!matcher.matches() || !(value instanceof Message message)) {
        throw new AssertionError("bad path " + path);
      }
      parent = message;
      field = message.getDescriptorForType().findFieldByName(matcher.group(1));
      assertNotNull(field, message.getDescriptorForType().getFullName() + " has no field " + matcher.group(1));
      if (field.isRepeated()) {
        Matcher index = INDEX.matcher(matcher.group(2));
        if (!index.find()) {
          throw new AssertionError(path + ": a repeated field needs an index");
        }
        value = message.getRepeatedField(field, Integer.parseInt(index.group(1)));
      } else {
        value = message.getField(field);
      }
    }
    return new Found(parent, field, value);
  }

  private static void check(Message root, JsonArray checks, String where) {
    for (JsonElement element : checks) {
      JsonObject item = element.getAsJsonObject();
      if (item.has("enum")) {
        String path = item.get("enum").getAsString();
        Found found = resolve(root, path);
        assertEquals(FieldDescriptor.JavaType.ENUM, found.field().getJavaType(), where + ": " + path + " is not an enum field");
        int number = ((EnumValueDescriptor) found.value()).getNumber();
        assertEquals(item.get("number").getAsInt(), number, where + ": " + path + " holds");
        assertEquals(item.get("name").getAsString(), Names.enumName(found.field().getEnumType(), number), where + ": " + path + " is shown as");
      } else if (item.has("move")) {
        String path = item.get("move").getAsString();
        Move move = assertInstanceOf(Move.class, resolve(root, path).value(), where + ": " + path);
        assertEquals(item.get("kind").getAsString(), Names.moveKind(move), where + ": " + path + " is a move of kind");
      } else if (item.has("event")) {
        String path = item.get("event").getAsString();
        GameEvent event = assertInstanceOf(GameEvent.class, resolve(root, path).value(), where + ": " + path);
        assertEquals(item.get("kind").getAsString(), Names.eventKind(event), where + ": " + path + " is an event of kind");
      } else {
        throw new AssertionError(where + ": unknown check " + item);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("entries")
  @Timeout(60)
  void newerServerAnswer(JsonObject entry) throws Exception {
    String name = entry.get("name").getAsString();
    String call = entry.get("call").getAsString();
    JsonObject expect = entry.getAsJsonObject("expect");
    try (StandIn standIn = new StandIn(entry);
        TabulaClient client = TabulaClient.builder(standIn.address()).callTimeout(Duration.ofSeconds(10)).build()) {
      if (call.equals("StreamEvents")) {
        List<GameEvent> events = new ArrayList<>();
        long lastSeq;
        try (EventStream stream = client.events("g", 0, 2, Duration.ofMillis(10))) {
          stream.forEachRemaining(events::add);
          lastSeq = stream.lastSeq();
        }
        JsonArray expected = expect.getAsJsonArray("events");
        assertEquals(expected.size(), events.size(), name + ": events delivered");
        for (int i = 0; i < events.size(); i++) {
          GameEvent event = events.get(i);
          JsonObject want = expected.get(i).getAsJsonObject();
          String where = name + ": event " + i;
          assertEquals(want.get("seq").getAsString(), Long.toUnsignedString(event.getSeq()), where + ": seq");
          assertEquals(want.get("time").getAsString(), Timestamps.toString(event.getTime()), where + ": time");
          assertEquals(want.get("kind").getAsString(), Names.eventKind(event), where + ": kind");
          check(event, want.getAsJsonArray("checks"), where);
        }
        assertEquals(expected.get(expected.size() - 1).getAsJsonObject().get("seq").getAsString(), Long.toString(lastSeq), "lastSeq");
        if (expect.has("reopened_after")) {
          assertEquals(List.of(0L, expect.get("reopened_after").getAsLong()), standIn.afterSeqs, name + ": streams opened after");
        }
      } else {
        Message answer = switch (call) {
          case "GetGame" -> client.getGame("g");
          case "GetView" -> client.getView("g");
          case "SubmitMove" -> client.submitMove("g", Moves.drop(0));
          default -> throw new AssertionError("no unary call " + call);
        };
        FieldDescriptor seq = answer.getDescriptorForType().findFieldByName("seq");
        assertEquals(expect.get("seq").getAsString(), Long.toUnsignedString((Long) answer.getField(seq)), name + ": seq");
        check(answer, expect.getAsJsonArray("checks"), name);
      }
    }
  }

  @Test
  void namesAreTotal() {
    assertEquals("GAME_KIND_CHESS", Names.enumName(GameKind.getDescriptor(), GameKind.GAME_KIND_CHESS_VALUE));
    assertEquals("unknown(999)", Names.enumName(EndReason.getDescriptor(), 999));
    assertEquals("ready", Names.moveKind(Moves.ready()));
    assertEquals("unknown", Names.moveKind(Move.getDefaultInstance()));
    assertEquals("unknown", Names.eventKind(GameEvent.newBuilder().setSeq(1).build()));
    assertEquals("OUTCOME_TYPE_NO_RESULT", Names.enumName(OutcomeType.getDescriptor(), OutcomeType.OUTCOME_TYPE_NO_RESULT_VALUE));
    assertEquals("END_REASON_ABORTED", Names.enumName(EndReason.getDescriptor(), EndReason.END_REASON_ABORTED_VALUE));
    assertEquals("END_REASON_ADJUDICATION", Names.enumName(EndReason.getDescriptor(), EndReason.END_REASON_ADJUDICATION_VALUE));
    assertEquals("ERROR_REASON_TOO_LATE_TO_ABORT",
        Names.enumName(ErrorReason.getDescriptor(), ErrorReason.ERROR_REASON_TOO_LATE_TO_ABORT_VALUE));
    assertEquals("game_aborted", Names.eventKind(GameEvent.newBuilder().setGameAborted(GameAborted.getDefaultInstance()).build()));
    assertEquals("game_adjudicated",
        Names.eventKind(GameEvent.newBuilder().setGameAdjudicated(GameAdjudicated.getDefaultInstance()).build()));
    assertEquals("seat", Names.actorKind(Actor.newBuilder().setSeat(2).build()));
    assertEquals("service", Names.actorKind(Actor.newBuilder().setService(ServiceActor.getDefaultInstance()).build()));
    assertEquals("engine", Names.actorKind(Actor.newBuilder().setEngine(2).build()));
    assertEquals("ERROR_REASON_SEAT_PLAYED_BY_ENGINE",
        Names.enumName(ErrorReason.getDescriptor(), ErrorReason.ERROR_REASON_SEAT_PLAYED_BY_ENGINE_VALUE));
    assertEquals("clock", Names.actorKind(Actor.newBuilder().setClock(ClockActor.getDefaultInstance()).build()));
    assertEquals("timed_out", Names.eventKind(GameEvent.newBuilder().setTimedOut(TimedOut.newBuilder().setSeat(1)).build()));
    assertEquals("clock_paused", Names.eventKind(GameEvent.newBuilder().setClockPaused(ClockPaused.getDefaultInstance()).build()));
    assertEquals("clock_resumed", Names.eventKind(GameEvent.newBuilder().setClockResumed(ClockResumed.getDefaultInstance()).build()));
    assertEquals("time_added", Names.eventKind(GameEvent.newBuilder().setTimeAdded(TimeAdded.newBuilder().setSeat(2)).build()));
    assertEquals("END_REASON_TIMEOUT", Names.enumName(EndReason.getDescriptor(), EndReason.END_REASON_TIMEOUT_VALUE));
    assertEquals("END_REASON_TIMEOUT_VS_INSUFFICIENT_MATERIAL",
        Names.enumName(EndReason.getDescriptor(), EndReason.END_REASON_TIMEOUT_VS_INSUFFICIENT_MATERIAL_VALUE));
    assertEquals(25, EndReason.END_REASON_TIMEOUT_VS_INSUFFICIENT_MATERIAL_VALUE);
    assertEquals("END_REASON_OPPONENT_LINE", Names.enumName(EndReason.getDescriptor(), 26));
    assertEquals(26, EndReason.END_REASON_OPPONENT_LINE_VALUE);
    assertEquals(List.of("STARTER_UNSPECIFIED", "STARTER_FIRST_SEAT", "STARTER_SECOND_SEAT", "STARTER_RANDOM", "unknown(4)"),
        Stream.of(0, 1, 2, 3, 4).map(n -> Names.enumName(Starter.getDescriptor(), n)).toList());
    assertEquals("PIECE_WALL", Names.enumName(Piece.getDescriptor(), Piece.PIECE_WALL_VALUE));
    assertEquals("ERROR_REASON_CELL_BLOCKED", Names.enumName(ErrorReason.getDescriptor(), ErrorReason.ERROR_REASON_CELL_BLOCKED_VALUE));
    for (ErrorReason reason : List.of(ErrorReason.ERROR_REASON_OUT_OF_TIME, ErrorReason.ERROR_REASON_NO_CLOCK,
        ErrorReason.ERROR_REASON_CLOCK_PAUSED, ErrorReason.ERROR_REASON_CLOCK_NOT_PAUSED)) {
      assertEquals(reason.name(), Names.enumName(ErrorReason.getDescriptor(), reason.getNumber()));
    }
    assertEquals("TIMEOUT_RULE_DEFAULT_MOVE", Names.enumName(TimeoutRule.getDescriptor(), TimeoutRule.TIMEOUT_RULE_DEFAULT_MOVE_VALUE));
    assertEquals("unknown", Names.actorKind(Actor.getDefaultInstance()));
    assertEquals("unknown", Names.actorKind(GameEvent.getDefaultInstance().getActor()));
    assertEquals("move_taken_back",
        Names.eventKind(GameEvent.newBuilder().setMoveTakenBack(MoveTakenBack.newBuilder().setSeat(1).setMoveNumber(1)).build()));
    assertEquals("takeback_requested",
        Names.eventKind(GameEvent.newBuilder().setTakebackRequested(TakebackRequested.newBuilder().setSeat(1)).build()));
    assertEquals("takeback_declined",
        Names.eventKind(GameEvent.newBuilder().setTakebackDeclined(TakebackDeclined.newBuilder().setSeat(2)).build()));
    assertEquals("ERROR_REASON_TAKEBACK_ALREADY_REQUESTED", Names.enumName(ErrorReason.getDescriptor(), 78));
    assertEquals(78, ErrorReason.ERROR_REASON_TAKEBACK_ALREADY_REQUESTED_VALUE);
    assertEquals("ERROR_REASON_NO_TAKEBACK_REQUEST", Names.enumName(ErrorReason.getDescriptor(), 79));
    assertEquals(79, ErrorReason.ERROR_REASON_NO_TAKEBACK_REQUEST_VALUE);
    assertEquals(List.of("ERROR_REASON_SAVED_CONFIG_NOT_FOUND", "ERROR_REASON_SAVED_CONFIG_EXISTS",
        "ERROR_REASON_TOO_MANY_SAVED_CONFIGS", "ERROR_REASON_SERIES_NOT_FOUND", "ERROR_REASON_EVENT_LOG_FULL",
        "ERROR_REASON_HOST_NOT_ALLOWED", "ERROR_REASON_REMATCH_EXISTS", "ERROR_REASON_GAME_NOT_STARTED",
        "ERROR_REASON_CLAIM_NOT_AVAILABLE", "ERROR_REASON_CLAIM_TOO_EARLY", "ERROR_REASON_TOURNAMENT_NOT_FOUND",
        "ERROR_REASON_TOURNAMENT_OVER", "ERROR_REASON_PRIVATE_TOURNAMENT", "ERROR_REASON_RULES_FAULT",
        "ERROR_REASON_GAME_FAULTED", "ERROR_REASON_SEARCH_LIMIT_REACHED", "ERROR_REASON_GAME_EXISTS",
        "ERROR_REASON_INVALID_DOCUMENT", "unknown(98)"),
        Stream.of(80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98)
            .map(n -> Names.enumName(ErrorReason.getDescriptor(), n)).toList());
    assertEquals(95, ErrorReason.ERROR_REASON_SEARCH_LIMIT_REACHED_VALUE);
    assertEquals(96, ErrorReason.ERROR_REASON_GAME_EXISTS_VALUE);
    assertEquals(97, ErrorReason.ERROR_REASON_INVALID_DOCUMENT_VALUE);
    assertEquals(88, ErrorReason.ERROR_REASON_CLAIM_NOT_AVAILABLE_VALUE);
    assertEquals(89, ErrorReason.ERROR_REASON_CLAIM_TOO_EARLY_VALUE);
    assertEquals(90, ErrorReason.ERROR_REASON_TOURNAMENT_NOT_FOUND_VALUE);
    assertEquals(91, ErrorReason.ERROR_REASON_TOURNAMENT_OVER_VALUE);
    assertEquals(92, ErrorReason.ERROR_REASON_PRIVATE_TOURNAMENT_VALUE);
    assertEquals("unknown", Names.tournamentEventKind(TournamentEvent.getDefaultInstance()));
    assertEquals("board_finished", Names.tournamentEventKind(
        TournamentEvent.newBuilder().setBoardFinished(TournamentBoardFinished.newBuilder().setRound(1)).build()));
    assertEquals(List.of("TOURNAMENT_FORMAT_KNOCKOUT", "TOURNAMENT_FORMAT_SWISS", "unknown(5)"),
        Stream.of(3, 4, 5).map(n -> Names.enumName(TournamentFormat.getDescriptor(), n)).toList());
    assertEquals(4, TournamentFormat.TOURNAMENT_FORMAT_SWISS_VALUE);
    assertEquals(List.of("BOARD_RESULT_UNPLAYED", "unknown(8)"),
        Stream.of(7, 8).map(n -> Names.enumName(BoardResult.getDescriptor(), n)).toList());
    assertEquals(List.of("OWNER_EVENT_KIND_TAKEBACK_REQUESTED", "OWNER_EVENT_KIND_SEAT_PRESENT", "OWNER_EVENT_KIND_SEAT_GONE",
        "OWNER_EVENT_KIND_CLOCK_FLAGGED", "OWNER_EVENT_KIND_MOVE_PLAYED", "OWNER_EVENT_KIND_GAME_RESUMED",
        "OWNER_EVENT_KIND_SERIES_GAME_FINISHED", "OWNER_EVENT_KIND_SERIES_FINISHED", "OWNER_EVENT_KIND_TOURNAMENT_BOARD_FINISHED",
        "OWNER_EVENT_KIND_TOURNAMENT_ROUND_FINISHED", "OWNER_EVENT_KIND_TOURNAMENT_FINISHED", "unknown(16)"),
        Stream.of(5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16).map(n -> Names.enumName(OwnerEventKind.getDescriptor(), n)).toList());
    assertEquals(9, OwnerEventKind.OWNER_EVENT_KIND_MOVE_PLAYED_VALUE);
    assertEquals(10, OwnerEventKind.OWNER_EVENT_KIND_GAME_RESUMED_VALUE);
    assertEquals(11, OwnerEventKind.OWNER_EVENT_KIND_SERIES_GAME_FINISHED_VALUE);
    assertEquals(12, OwnerEventKind.OWNER_EVENT_KIND_SERIES_FINISHED_VALUE);
    assertEquals(13, OwnerEventKind.OWNER_EVENT_KIND_TOURNAMENT_BOARD_FINISHED_VALUE);
    assertEquals(14, OwnerEventKind.OWNER_EVENT_KIND_TOURNAMENT_ROUND_FINISHED_VALUE);
    assertEquals(15, OwnerEventKind.OWNER_EVENT_KIND_TOURNAMENT_FINISHED_VALUE);
    assertEquals("game_resumed", Names.eventKind(GameEvent.newBuilder().setGameResumed(GameResumed.getDefaultInstance()).build()));
    assertEquals("seat_presence_changed", Names.eventKind(
        GameEvent.newBuilder().setSeatPresenceChanged(SeatPresenceChanged.newBuilder().setSeat(2).setPresent(true)).build()));
    assertEquals(84, ErrorReason.ERROR_REASON_EVENT_LOG_FULL_VALUE);
    assertEquals(85, ErrorReason.ERROR_REASON_HOST_NOT_ALLOWED_VALUE);
    assertEquals(87, ErrorReason.ERROR_REASON_GAME_NOT_STARTED_VALUE);
    assertEquals(80, ErrorReason.ERROR_REASON_SAVED_CONFIG_NOT_FOUND_VALUE);
    assertEquals(81, ErrorReason.ERROR_REASON_SAVED_CONFIG_EXISTS_VALUE);
    assertEquals(82, ErrorReason.ERROR_REASON_TOO_MANY_SAVED_CONFIGS_VALUE);
    assertEquals(83, ErrorReason.ERROR_REASON_SERIES_NOT_FOUND_VALUE);
    assertEquals(List.of("SERIES_DRAWS_UNSPECIFIED", "SERIES_DRAWS_HALF_POINT", "SERIES_DRAWS_REPLAYED", "unknown(3)"),
        Stream.of(0, 1, 2, 3).map(n -> Names.enumName(SeriesDraws.getDescriptor(), n)).toList());
    assertEquals(List.of("SERIES_STATUS_UNSPECIFIED", "SERIES_STATUS_IN_PROGRESS", "SERIES_STATUS_FINISHED", "unknown(3)"),
        Stream.of(0, 1, 2, 3).map(n -> Names.enumName(SeriesStatus.getDescriptor(), n)).toList());
    assertEquals("unknown", Names.seriesEventKind(SeriesEvent.getDefaultInstance()));
    assertEquals(List.of("game_started", "game_finished", "series_finished"), Stream.of(
        SeriesEvent.newBuilder().setGameStarted(SeriesGameStarted.getDefaultInstance()).build(),
        SeriesEvent.newBuilder().setGameFinished(SeriesGameFinished.getDefaultInstance()).build(),
        SeriesEvent.newBuilder().setSeriesFinished(SeriesFinished.getDefaultInstance()).build()).map(Names::seriesEventKind).toList());
  }
}
