function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A logback config that appends everything at INFO to one file (readiness reads it). */
export function renderLogbackConfig(logFile: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- Written by scripts/iotdb-server; rewritten at every start. -->
<configuration scan="false">
  <appender name="FILE" class="ch.qos.logback.core.FileAppender">
    <file>${escapeXml(logFile)}</file>
    <append>true</append>
    <encoder>
      <pattern>%d{ISO8601} [%thread] %-5level %logger{36}:%line - %msg%n</pattern>
    </encoder>
  </appender>
  <root level="INFO">
    <appender-ref ref="FILE"/>
  </root>
</configuration>
`;
}
