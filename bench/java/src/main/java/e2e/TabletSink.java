package e2e;

import java.time.ZoneId;
import java.util.List;
import org.apache.iotdb.isession.ITableSession;
import org.apache.iotdb.session.Session;
import org.apache.iotdb.session.TableSessionBuilder;
import org.apache.tsfile.write.record.Tablet;

/** One open session of the official client and the insert call of the case's model. */
interface TabletSink extends AutoCloseable {
  void insert(Tablet tablet) throws Exception;

  @Override
  void close() throws Exception;

  static TabletSink open(Endpoint e, String model, String database) throws Exception {
    switch (model) {
      case "tree":
      case "aligned": {
        Session session =
            new Session.Builder()
                .host(e.host)
                .port(e.port)
                .username(e.user)
                .password(e.password)
                .zoneId(ZoneId.of("UTC"))
                .build();
        session.open(false);
        boolean aligned = model.equals("aligned");
        return new TabletSink() {
          @Override
          public void insert(Tablet tablet) throws Exception {
            if (aligned) session.insertAlignedTablet(tablet);
            else session.insertTablet(tablet);
          }

          @Override
          public void close() throws Exception {
            session.close();
          }
        };
      }
      case "table": {
        ITableSession session =
            new TableSessionBuilder()
                .nodeUrls(List.of(e.host + ":" + e.port))
                .username(e.user)
                .password(e.password)
                .database(database)
                .zoneId(ZoneId.of("UTC"))
                .build();
        return new TabletSink() {
          @Override
          public void insert(Tablet tablet) throws Exception {
            session.insert(tablet);
          }

          @Override
          public void close() throws Exception {
            session.close();
          }
        };
      }
      default:
        throw new IllegalArgumentException("unknown model " + model);
    }
  }

  /** Where and as whom to connect. */
  final class Endpoint {
    final String host;
    final int port;
    final String user;
    final String password;

    Endpoint(String host, int port, String user, String password) {
      this.host = host;
      this.port = port;
      this.user = user;
      this.password = password;
    }
  }
}
