package dev.tabula.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ScenarioJsonTest {
  private static JsonElement json(String text) {
    return JsonParser.parseString(text);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
    "{\"a\": 1}                         | {\"a\": 1, \"b\": 2}                   | true",
    "{\"a\": 1}                         | {\"a\": 2}                             | false",
    "{\"seq\": \"2\"}                   | {\"seq\": 2}                           | false",
    "{\"a\": null}                      | {\"b\": 1}                             | true",
    "{\"a\": null}                      | {\"a\": 0}                             | false",
    "[1, 2]                             | [1, 2]                                 | true",
    "[1]                                | [1, 2]                                 | false",
    "{\"l\": []}                        | {}                                     | true",
    "{\"$contains\": [2]}               | [1, 2, 3]                              | true",
    "{\"$contains\": [4]}               | [1, 2, 3]                              | false",
    "{\"$excludes\": \"SHIP\", \"w\": 1} | {\"w\": 1, \"c\": [{\"p\": \"HIT\"}]}  | true",
    "{\"$excludes\": \"SHIP\"}          | {\"c\": [{\"p\": \"SHIP\"}]}           | false",
    "{\"$excludes\": \"SHIP\"}          | {\"SHIP\": 1}                          | true",
  })
  void matchingRules(String expected, String actual, boolean matches) {
    String problem = ScenarioJson.mismatch(json(expected), json(actual), "$");
    assertEquals(matches, problem == null, problem);
  }

  @Test
  void substitution() {
    Map<String, JsonElement> saved = Map.of("g", json("{\"game\": {\"gameId\": \"x1\", \"seq\": \"3\"}, \"tokens\": [{\"t\": \"a\"}, {\"t\": \"b\"}]}"));
    JsonElement got = ScenarioJson.substitute(
        json("{\"id\": \"${g.game.gameId}\", \"t\": \"${g.tokens[1].t}\", \"s\": \"seq ${g.game.seq}!\", \"o\": \"${g.game}\"}"), saved);
    assertNull(ScenarioJson.mismatch(json("{\"id\": \"x1\", \"t\": \"b\", \"s\": \"seq 3!\", \"o\": {\"gameId\": \"x1\", \"seq\": \"3\"}}"), got, "$"));
    assertNotNull(ScenarioJson.mismatch(json("{\"id\": \"x2\"}"), got, "$"));
    assertThrows(IllegalArgumentException.class, () -> ScenarioJson.substitute(json("\"${nothing.here}\""), saved));
    assertThrows(IllegalArgumentException.class, () -> ScenarioJson.substitute(json("\"${g.tokens[5].t}\""), saved));
  }
}
