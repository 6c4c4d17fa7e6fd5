package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import dev.tabula.v1.GameServiceGrpc;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.Context;
import io.grpc.MethodDescriptor;
import io.grpc.ServerMethodDefinition;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Replays the shared conformance scenario (clients/conformance/scenario.json) through this
 * client: the credential travels as {@link TabulaClient} sends it, calls go through the
 * generated method descriptors, errors are decoded by {@link TabulaException}.
 */
class ConformanceTest {
  private static final int KNOWN_VERSION = 1;
  private static final long STEP_DEADLINE_SECONDS = 10;

  private final Map<String, JsonElement> saved = new HashMap<>();

  @Test
  @Timeout(120)
  void scenario() throws Exception {
    JsonObject scenario = JsonParser.parseString(
        Files.readString(TestServer.repoRoot().resolve(Path.of("clients", "conformance", "scenario.json")))).getAsJsonObject();
    assertEquals(KNOWN_VERSION, scenario.get("version").getAsInt(), "unknown scenario version");
    try (TestServer server = TestServer.start(); TabulaClient client = TabulaClient.builder(server.address).build()) {
      JsonArray steps = scenario.getAsJsonArray("steps");
      for (int i = 0; i < steps.size(); i++) {
        JsonObject step = steps.get(i).getAsJsonObject();
        try {
          run(client, step);
        } catch (AssertionError | RuntimeException failure) {
          fail("step " + (i + 1) + " \"" + step.get("name").getAsString() + "\" (" + step.get("call").getAsString() + "): " + failure.toString(), failure);
        }
      }
    }
  }

  private static MethodDescriptor<?, ?> method(String call) {
    String fullName = MethodDescriptor.generateFullMethodName(GameServiceGrpc.SERVICE_NAME, call);
    for (ServerMethodDefinition<?, ?> definition : GameServiceGrpc.bindService(new GameServiceGrpc.AsyncService() {}).getMethods()) {
      if (definition.getMethodDescriptor().getFullMethodName().equals(fullName)) {
        return definition.getMethodDescriptor();
      }
    }
    throw new AssertionError("GameService has no method " + call);
  }

  private void run(TabulaClient client, JsonObject step) throws Exception {
    String credential = step.has("credential") ? ScenarioJson.substitute(step.get("credential"), saved).getAsString() : "";
    GameServiceGrpc.GameServiceBlockingStub stub = client.as(credential).stub();
    @SuppressWarnings("unchecked")
    MethodDescriptor<Message, Message> method = (MethodDescriptor<Message, Message>) method(step.get("call").getAsString());
    Message prototype = (Message) ((MethodDescriptor.PrototypeMarshaller<?>) method.getRequestMarshaller()).getMessagePrototype();
    Message.Builder request = prototype.newBuilderForType();
    JsonFormat.parser().merge(ScenarioJson.substitute(step.get("request"), saved).toString(), request);
    Channel channel = stub.getChannel();
    CallOptions options = stub.getCallOptions().withDeadlineAfter(STEP_DEADLINE_SECONDS, TimeUnit.SECONDS);

    if (method.getType() == MethodDescriptor.MethodType.SERVER_STREAMING) {
      runStream(step, channel, method, options, request.build());
      return;
    }
    Message response;
    try {
      response = ClientCalls.blockingUnaryCall(channel, method, options, request.build());
    } catch (StatusRuntimeException error) {
      checkError(step, error);
      return;
    }
    if (step.has("expect_error")) {
      throw new AssertionError("succeeded, expected an error");
    }
    JsonElement actual = toJson(response);
    if (step.has("save")) {
      saved.put(step.get("save").getAsString(), actual);
    }
    if (step.has("expect")) {
      check(step.get("expect"), actual, "$");
    }
  }

  private void runStream(JsonObject step, Channel channel, MethodDescriptor<Message, Message> method, CallOptions options, Message request)
      throws Exception {
    // The call lives in its own context so the runner can cancel it once it has what it needs.
    Context.CancellableContext call = Context.current().withCancellation();
    Context previous = call.attach();
    try {
      Iterator<Message> messages = ClientCalls.blockingServerStreamingCall(channel, method, options, request);
      JsonArray expected = step.has("expect_stream") ? step.getAsJsonArray("expect_stream") : new JsonArray();
      try {
        for (int i = 0; i < expected.size(); i++) {
          if (!messages.hasNext()) {
            throw new AssertionError("the stream ended after " + i + " messages");
          }
          check(expected.get(i), toJson(messages.next()), "$[" + i + "]");
        }
        if (step.has("expect_error")) {
          if (messages.hasNext()) {
            throw new AssertionError("message " + expected.size() + " arrived, expected an error");
          }
          throw new AssertionError("the stream ended cleanly, expected an error");
        }
        if (step.has("expect_end") && step.get("expect_end").getAsBoolean() && messages.hasNext()) {
          throw new AssertionError("message " + expected.size() + " arrived after the expected ones: " + toJson(messages.next()));
        }
      } catch (StatusRuntimeException error) {
        checkError(step, error);
      }
    } finally {
      call.detach(previous);
      call.cancel(null);
    }
  }

  private void check(JsonElement expected, JsonElement actual, String at) {
    String problem = ScenarioJson.mismatch(ScenarioJson.substitute(expected, saved), actual, at);
    if (problem != null) {
      throw new AssertionError(problem);
    }
  }

  private static JsonElement toJson(Message message) throws Exception {
    return JsonParser.parseString(JsonFormat.printer().print(message));
  }

  private void checkError(JsonObject step, StatusRuntimeException error) {
    TabulaException failure = TabulaException.from(error);
    if (!step.has("expect_error")) {
      throw new AssertionError("failed: " + failure.toString(), failure);
    }
    JsonObject expected = ScenarioJson.substitute(step.get("expect_error"), saved).getAsJsonObject();
    assertEquals(expected.get("code").getAsString(), failure.getCode().name(), failure.toString());
    if (failure.getReason().isEmpty()) {
      throw new AssertionError("no ErrorInfo with domain " + TabulaException.DOMAIN + " in the status: " + failure.toString());
    }
    assertEquals(expected.get("reason").getAsString(), failure.getReason(), failure.toString());
    if (expected.has("metadata")) {
      for (Map.Entry<String, JsonElement> entry : expected.getAsJsonObject("metadata").entrySet()) {
        assertEquals(entry.getValue().getAsString(), failure.getMetadata().get(entry.getKey()), "metadata " + entry.getKey() + " of " + failure.getMetadata());
      }
    }
  }
}
