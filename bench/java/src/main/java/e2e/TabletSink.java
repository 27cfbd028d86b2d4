package e2e;

import java.time.ZoneId;
import java.util.List;
import org.apache.iotdb.isession.ITableSession;
import org.apache.iotdb.isession.pool.ITableSessionPool;
import org.apache.iotdb.session.pool.SessionPool;
import org.apache.iotdb.session.pool.TableSessionPoolBuilder;
import org.apache.tsfile.write.record.Tablet;

/**
 * The official client's session pool for the case's model (SessionPool for tree and aligned,
 * TableSessionPool for table) with POOL_MAX_SIZE sessions, and its insert call. Safe to call from
 * every client thread at once.
 */
interface TabletSink extends AutoCloseable {
  void insert(Tablet tablet) throws Exception;

  @Override
  void close() throws Exception;

  static TabletSink openPool(Endpoint e, String model, String database, int maxSize) {
    switch (model) {
      case "tree":
      case "aligned": {
        SessionPool pool =
            new SessionPool.Builder()
                .host(e.host)
                .port(e.port)
                .user(e.user)
                .password(e.password)
                .maxSize(maxSize)
                .zoneId(ZoneId.of("UTC"))
                .build();
        boolean aligned = model.equals("aligned");
        return new TabletSink() {
          @Override
          public void insert(Tablet tablet) throws Exception {
            if (aligned) pool.insertAlignedTablet(tablet);
            else pool.insertTablet(tablet);
          }

          @Override
          public void close() {
            pool.close();
          }
        };
      }
      case "table": {
        ITableSessionPool pool =
            new TableSessionPoolBuilder()
                .nodeUrls(List.of(e.host + ":" + e.port))
                .user(e.user)
                .password(e.password)
                .database(database)
                .maxSize(maxSize)
                .zoneId(ZoneId.of("UTC"))
                .build();
        return new TabletSink() {
          @Override
          public void insert(Tablet tablet) throws Exception {
            // A pooled table session goes back to the pool on close().
            try (ITableSession session = pool.getSession()) {
              session.insert(tablet);
            }
          }

          @Override
          public void close() {
            pool.close();
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
