package zerowire.fuzz;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.iotdb.common.rpc.thrift.TSStatus;
import org.apache.iotdb.service.rpc.thrift.IClientRPCService;
import org.apache.iotdb.service.rpc.thrift.TSExecuteStatementResp;
import org.apache.iotdb.service.rpc.thrift.TSQueryTemplateResp;
import org.apache.thrift.TBase;
import org.apache.thrift.TException;
import org.apache.thrift.TSerializer;
import org.apache.thrift.protocol.TField;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TStruct;
import org.apache.thrift.protocol.TType;
import org.apache.thrift.transport.TMemoryBuffer;
import org.apache.thrift.transport.TMemoryInputTransport;

/** Reads and writes framed Thrift messages of IClientRPCService. */
final class ThriftFrames {
  private static final int SUCCESS = 200;

  private ThriftFrames() {}

  /** A CALL frame taken apart: method name and the request struct (args field 1; null when that is no struct). */
  record Call(String method, int seqid, TBase<?, ?> request) {}

  static Call decodeCall(byte[] frame, WireProtocol protocol) throws Exception {
    TProtocol in = protocol.over(new TMemoryInputTransport(frame, 4, frame.length - 4));
    TMessage message = in.readMessageBegin();
    if (message.type != TMessageType.CALL) {
      throw new IllegalStateException("not a CALL frame: type " + message.type);
    }
    Class<?> argsClass =
        Class.forName(IClientRPCService.class.getName() + "$" + message.name + "_args");
    @SuppressWarnings("rawtypes")
    TBase args = (TBase) argsClass.getDeclaredConstructor().newInstance();
    args.read(in);
    Object request = args.getFieldValue(args.fieldForId(1));
    // requestStatementId's argument is a bare sessionId (i64): no request struct
    return new Call(message.name, message.seqid, request instanceof TBase<?, ?> r ? r : null);
  }

  /**
   * `xxx_result { 0: success = TSStatus(200) }` as a REPLY to the given CALL frame; for a query
   * call (execute*), whose success is a TSExecuteStatementResp, a finished empty result (status
   * 200, queryId 1, columns Timeseries/Value/DataType, no rows, no more data); for
   * querySchemaTemplate a TSQueryTemplateResp with status 200 and no answer.
   */
  static byte[] successReply(byte[] callFrame, WireProtocol protocol) {
    try {
      TProtocol in = protocol.over(new TMemoryInputTransport(callFrame, 4, callFrame.length - 4));
      TMessage call = in.readMessageBegin();
      TBase<?, ?> success;
      if (call.name.startsWith("execute")) success = emptyQueryResult();
      else if (call.name.equals("querySchemaTemplate")) success = emptyTemplateAnswer();
      else success = new TSStatus(SUCCESS);
      return reply(call.name, call.seqid, protocol, success);
    } catch (TException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The framed REPLY `method_result { 0: success = struct }` (length prefix included). */
  static byte[] reply(String method, int seqid, WireProtocol protocol, TBase<?, ?> success) {
    return reply(method, seqid, protocol, TType.STRUCT, out -> success.write(out));
  }

  /** The framed REPLY `method_result { 0: success = i64 }` (requestStatementId). */
  static byte[] reply(String method, int seqid, WireProtocol protocol, long success) {
    return reply(method, seqid, protocol, TType.I64, out -> out.writeI64(success));
  }

  private interface FieldWriter {
    void write(TProtocol out) throws TException;
  }

  private static byte[] reply(String method, int seqid, WireProtocol protocol, byte type, FieldWriter value) {
    try {
      TMemoryBuffer body = new TMemoryBuffer(64);
      TProtocol out = protocol.over(body);
      out.writeMessageBegin(new TMessage(method, TMessageType.REPLY, seqid));
      out.writeStructBegin(new TStruct(method + "_result"));
      out.writeFieldBegin(new TField("success", type, (short) 0));
      value.write(out);
      out.writeFieldEnd();
      out.writeFieldStop();
      out.writeStructEnd();
      out.writeMessageEnd();
      byte[] payload = body.getArray();
      return ByteBuffer.allocate(4 + body.length())
          .putInt(body.length())
          .put(payload, 0, body.length())
          .array();
    } catch (TException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The answer to a template query (count, is-..., show): status 200, queryType 0, nothing else. */
  private static TSQueryTemplateResp emptyTemplateAnswer() {
    return new TSQueryTemplateResp(new TSStatus(SUCCESS), 0); // queryType is required; 0 as our fake sends
  }

  private static TSExecuteStatementResp emptyQueryResult() {
    TSExecuteStatementResp resp = new TSExecuteStatementResp(new TSStatus(SUCCESS));
    resp.setQueryId(1);
    resp.setColumns(List.of("Timeseries", "Value", "DataType"));
    resp.setDataTypeList(List.of("TEXT", "TEXT", "TEXT"));
    resp.setIgnoreTimeStamp(false);
    resp.setMoreData(false);
    resp.setQueryResult(new ArrayList<>());
    return resp;
  }

  static byte[] serialize(TBase<?, ?> struct, WireProtocol protocol) throws TException {
    return new TSerializer(protocol.factory()).serialize(struct);
  }
}
