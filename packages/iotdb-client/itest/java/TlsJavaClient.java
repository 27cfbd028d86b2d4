// The official Java client (iotdb-session 2.0.1-beta, from the server's lib dir) over Thrift SSL:
// reads the INT64 series <device>.v that our client wrote, writes <device>.java_v = 42 at time 1,
// and prints {"rows":N,"sum":S}. Run by tls-server.itest.ts with Java's source launcher:
//   java -cp '<lib>/*' TlsJavaClient.java <host> <port> <truststore> <device>
// The truststore password comes from the environment (TRUST_STORE_PASSWORD), not argv.
import java.util.List;
import org.apache.iotdb.isession.SessionDataSet;
import org.apache.iotdb.session.Session;
import org.apache.tsfile.enums.TSDataType;

public class TlsJavaClient {
  public static void main(String[] args) throws Exception {
    String device = args[3];
    Session session = new Session.Builder()
        .host(args[0])
        .port(Integer.parseInt(args[1]))
        .useSSL(true)
        .trustStore(args[2])
        .trustStorePwd(System.getenv("TRUST_STORE_PASSWORD"))
        .build();
    session.open(false);
    try {
      long rows = 0;
      long sum = 0;
      try (SessionDataSet dataSet = session.executeQueryStatement("select v from " + device)) {
        while (dataSet.hasNext()) {
          sum += dataSet.next().getFields().get(0).getLongV();
          rows++;
        }
      }
      session.insertRecord(device, 1L, List.of("java_v"), List.of(TSDataType.INT64), List.<Object>of(42L));
      System.out.println("{\"rows\":" + rows + ",\"sum\":" + sum + "}");
    } finally {
      session.close();
    }
  }
}
