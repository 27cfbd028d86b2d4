package zerowire.fuzz;

import com.google.gson.JsonObject;
import java.io.ByteArrayOutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iotdb.isession.template.Template;
import org.apache.iotdb.session.template.MeasurementNode;
import org.apache.tsfile.enums.TSDataType;
import org.apache.tsfile.file.metadata.enums.CompressionType;
import org.apache.tsfile.file.metadata.enums.TSEncoding;

/**
 * `kind: "template"`: a flat schema template (Template + MeasurementNode, added in input order),
 * its Template.serialize bytes, and the createSchemaTemplate frame Session.createSchemaTemplate
 * writes (sessionId 42, seqid 1), binary and compact. A duplicated measurement name is rejected
 * by Template.addToTemplate.
 */
final class TemplateCase {
  private TemplateCase() {}

  static Map<String, Object> run(JsonObject input) throws Exception {
    Template template = build(input);
    ByteArrayOutputStream serialized = new ByteArrayOutputStream();
    template.serialize(serialized);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("serializedTemplateHex", Hex.encode(serialized.toByteArray()));
    out.put("frameBinaryHex", Hex.encode(send(input, WireProtocol.BINARY)));
    out.put("frameCompactHex", Hex.encode(send(input, WireProtocol.COMPACT)));
    return out;
  }

  /** The Template of a `template` input (also a createSchemaTemplate call's arguments). */
  static Template build(JsonObject input) throws Exception {
    Template template =
        new Template(JsonInput.string(input, "name"), JsonInput.boolOr(input, "aligned", false));
    for (var e : JsonInput.array(input, "measurements")) {
      JsonObject m = e.getAsJsonObject();
      template.addToTemplate(
          new MeasurementNode(
              JsonInput.string(m, "name"),
              TSDataType.valueOf(JsonInput.string(m, "type")),
              TSEncoding.valueOf(JsonInput.string(m, "encoding")),
              CompressionType.valueOf(JsonInput.string(m, "compressor"))));
    }
    return template;
  }

  /** The one frame the Session wrote for createSchemaTemplate (a fresh template: serialize is read-only). */
  private static byte[] send(JsonObject input, WireProtocol protocol) throws Exception {
    CapturingSession session = new CapturingSession(protocol);
    session.createSchemaTemplate(build(input));
    List<byte[]> frames = session.connection().frames();
    if (frames.size() != 1) {
      throw new IllegalStateException("expected one frame, the Session sent " + frames.size());
    }
    return frames.get(0);
  }
}
