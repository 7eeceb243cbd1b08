<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
<context>
    <name>ConnectionPanel</name>
    <message>
        <location filename="../../inspector/ui/connection.py" line="355" />
        <source>Saved servers</source>
        <translation>已保存的服务器</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="357" />
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="358" />
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="359" />
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="372" />
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="391" />
        <location filename="../../inspector/ui/connection.py" line="407" />
        <source>(unnamed)</source>
        <translation>（未命名）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="412" />
        <source>New server</source>
        <translation>新服务器</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="423" />
        <source>{name} (copy)</source>
        <translation>{name}（副本）</translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <location filename="../../inspector/ui/detail.py" line="231" />
        <source>Hex</source>
        <translation>十六进制</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="232" />
        <source>Show a hex dump of the exact bytes, line terminator included</source>
        <translation>以十六进制转储显示原始字节（含行结束符）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="236" />
        <source>Save bytes…</source>
        <translation>保存字节…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="237" />
        <source>Write the exact bytes of this entry to a file</source>
        <translation>将此条目的原始字节原样写入文件</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="250" />
        <source>Show all</source>
        <translation>全部显示</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="251" />
        <source>Show the whole line (may take several seconds for many MiB)</source>
        <translation>显示整行（行长达数 MiB 时可能需要几秒钟）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="276" />
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="280" />
        <source>Expand</source>
        <translation>展开</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="281" />
        <source>Expand the selected node (or the whole message) three levels deep</source>
        <translation>将所选节点（或整条消息）向下展开三层</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="285" />
        <source>Collapse</source>
        <translation>折叠</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="291" />
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="291" />
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="314" />
        <source>Select an entry in the timeline to see its bytes and what the inspector found.</source>
        <translation>在时间线中选择一个条目，即可查看其原始字节和检查结果。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="442" />
        <source>{t} s</source>
        <translation>{t} 秒</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="446" />
        <source>id {id}</source>
        <translation>id {id}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="447" />
        <source>{n} bytes</source>
        <translation>{n} 字节</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="449" />
        <source>latency {ms}</source>
        <translation>延迟 {ms}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="450" />
        <source>state after: {state}</source>
        <translation>此后状态：{state}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="458" />
        <source>Go to response #{seq}</source>
        <translation>转到响应 #{seq}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="460" />
        <source>Go to request #{seq}</source>
        <translation>转到请求 #{seq}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="530" />
        <source>⚠ {rule}  ({severity})</source>
        <translation>⚠ {rule}（{severity}）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="536" />
        <source>Spec: {section}</source>
        <translation>规范：{section}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="542" />
        <source>✗ Invalid against the JSON Schema</source>
        <translation>✗ 不符合 JSON Schema</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="544" />
        <source> (checked as {definition})</source>
        <translation>（按 {definition} 校验）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="555" />
        <source>Show all schema errors</source>
        <translation>显示全部 Schema 错误</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="556" />
        <source>Validate again and list every error, not only the first</source>
        <translation>重新校验并列出所有错误，而不只是第一个</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="565" />
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="565" />
        <source>Message</source>
        <translation>错误信息</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="577" />
        <source>✓ Valid against the JSON Schema; no protocol rule broken</source>
        <translation>✓ 符合 JSON Schema，未违反任何协议规则</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="582" />
        <source>Problem: {problem}</source>
        <translation>问题：{problem}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="589" />
        <source>Lifecycle: {src} → {dst}</source>
        <translation>生命周期：{src} → {dst}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="593" />
        <source>   failure edge</source>
        <translation>   （失败转换）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="601" />
        <source>event: {event}</source>
        <translation>事件：{event}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="604" />
        <source>exit code: {code}</source>
        <translation>退出码：{code}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="607" />
        <source>signal: {signal}</source>
        <translation>信号：{signal}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="609" />
        <source>pid: {pid}</source>
        <translation>PID：{pid}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="611" />
        <source>Process</source>
        <translation>进程</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="613" />
        <source>A line the server wrote to stderr (not part of the protocol).</source>
        <translation>服务器写入 stderr 的一行（不属于协议消息）。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="644" />
        <source>{n} more errors not listed</source>
        <translation>另有 {n} 个错误未列出</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="658" />
        <source>not a JSON-RPC message: no schema applies</source>
        <translation>不是 JSON-RPC 消息：没有适用的 Schema</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="660" />
        <source>the protocol version of this session is unknown</source>
        <translation>本会话的协议版本未知</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="667" />
        <source>no schema for protocol version {version}</source>
        <translation>没有协议版本 {version} 的 Schema</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="680" />
        <source>valid against the schema of {version}</source>
        <translation>符合 {version} 的 Schema</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="685" />
        <source>{n} schema errors ({version})</source>
        <translation>{n} 个 Schema 错误（{version}）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="698" />
        <source>Raw bytes</source>
        <translation>原始字节</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="698" />
        <source>{n} B</source>
        <translation>{n} B</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="703" />
        <source>invalid UTF-8 at byte {at}</source>
        <translation>第 {at} 字节处 UTF-8 无效</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="705" />
        <source>ends with CR LF</source>
        <translation>CR LF 结尾</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="707" />
        <source>ends with LF</source>
        <translation>LF 结尾</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="709" />
        <source>no line terminator</source>
        <translation>无行尾符</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="732" />
        <source>showing {shown} of {total}</source>
        <translation>已显示 {shown}，共 {total}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="734" />
        <source> (the hex dump stops here; Save bytes… writes them all)</source>
        <translation>（十六进制转储到此为止；“保存字节…”可写出全部字节）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="744" />
        <source>Save the exact bytes of entry #{seq}</source>
        <translation>保存条目 #{seq} 的原始字节</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="772" />
        <source>JSON ({what})</source>
        <translation>JSON（{what}）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="826" />
        <source>{n} more — double-click to show</source>
        <translation>还有 {n} 项 — 双击显示</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="900" />
        <source>[{n} characters]</source>
        <translation>[{n} 个字符]</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="912" />
        <source>{{{n} keys}}</source>
        <translation>{{{n} 个键}}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="912" />
        <source>{1 key}</source>
        <translation>{1 个键}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="913" />
        <source>[{n} items]</source>
        <translation>[{n} 项]</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="913" />
        <source>[1 item]</source>
        <translation>[1 项]</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="925" />
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="926" />
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/detail.py" line="927" />
        <source>info</source>
        <translation>提示</translation>
    </message>
</context>
<context>
    <name>EnvTable</name>
    <message>
        <location filename="../../inspector/ui/connection.py" line="45" />
        <source>Name</source>
        <translation>变量名</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="45" />
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="45" />
        <source>Secret</source>
        <translation>保密</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="72" />
        <source>Secret: masked on screen and never written to servers.json or recordings</source>
        <translation>保密：屏幕上以掩码显示，且绝不写入 servers.json 或会话记录</translation>
    </message>
</context>
<context>
    <name>Languages</name>
    <message>
        <location filename="../../inspector/ui/app.py" line="44" />
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
</context>
<context>
    <name>LifecycleDiagram</name>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1394" />
        <source>Lifecycle diagram</source>
        <translation>生命周期图</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1395" />
        <source>State explanation</source>
        <translation>状态说明</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1396" />
        <source>Close the explanation (Esc)</source>
        <translation>关闭说明（Esc）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1397" />
        <source>Close explanation</source>
        <translation>关闭说明</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1399" />
        <source>transition</source>
        <translation>转换</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1400" />
        <location filename="../../inspector/ui/diagram.py" line="1437" />
        <source>✗ failure</source>
        <translation>✗ 失败转换</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1401" />
        <location filename="../../inspector/ui/diagram.py" line="1575" />
        <source>current state</source>
        <translation>当前状态</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1402" />
        <source>final state</source>
        <translation>终止状态</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1410" />
        <source>No session. Tab into the diagram and use the arrow keys to explore the states; Enter explains one.</source>
        <translation>暂无会话。按 Tab 键进入状态图，用方向键浏览各个状态，按 Enter 键查看说明。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1412" />
        <source>Current state: {state}.</source>
        <translation>当前状态：{state}。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1414" />
        <source>Last transition: {label}, from {src} to {dst}.</source>
        <translation>上一次转换：{label}，从{src}到{dst}。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1423" />
        <source>(current state)</source>
        <translation>（当前状态）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1425" />
        <source>Spec: {section}</source>
        <translation>规范：{section}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1429" />
        <source>Transitions from here:</source>
        <translation>从此状态出发的转换：</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1432" />
        <source>on “{label}” → stays in {target}</source>
        <translation>事件“{label}” → 仍为{target}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1434" />
        <source>on “{label}” → {target}</source>
        <translation>事件“{label}” → {target}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1440" />
        <source>A final state: the session has ended.</source>
        <translation>终止状态：会话已结束。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1576" />
        <source>Click to see what may happen in this state.</source>
        <translation>点击查看此状态下可能发生什么。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/diagram.py" line="1807" />
        <source>No lifecycle machine selected</source>
        <translation>未选择生命周期状态机</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="60" />
        <location filename="../../inspector/ui/main_window.py" line="220" />
        <source>MCP Session Inspector</source>
        <translation>MCP 会话检查器</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="79" />
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="81" />
        <source>Start the selected server and run the start sequence (Ctrl+Enter)</source>
        <translation>启动所选服务器并执行启动序列（Ctrl+Enter）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="83" />
        <source>Disconnect</source>
        <translation>断开连接</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="85" />
        <source>Shut the server down per spec: close stdin, wait, SIGTERM, SIGKILL (Ctrl+Shift+Enter)</source>
        <translation>按规范关闭服务器：关闭 stdin，等待，再依次发送 SIGTERM、SIGKILL（Ctrl+Shift+Enter）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="87" />
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="90" />
        <source>Step mode: each start-sequence message waits for Continue (Ctrl+T)</source>
        <translation>单步模式：启动序列中的每条消息都要点击“继续”后才发送（Ctrl+T）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="91" />
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="93" />
        <source>Send the waiting message (F8)</source>
        <translation>发送等待中的消息（F8）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="95" />
        <source>Follow live</source>
        <translation>实时跟随</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="99" />
        <source>The diagram follows the newest entry instead of the selected row (Ctrl+L)</source>
        <translation>状态图跟随最新条目，而不是所选行（Ctrl+L）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="101" />
        <source>Open recording…</source>
        <translation>打开记录…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="104" />
        <source>Save recording…</source>
        <translation>保存记录…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="107" />
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="111" />
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="124" />
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="129" />
        <source>&amp;Session</source>
        <translation>会话(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="132" />
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="135" />
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="144" />
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="147" />
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="147" />
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="147" />
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="158" />
        <source>Connection</source>
        <translation>连接</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="176" />
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="177" />
        <source>Negotiation</source>
        <translation>协商</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="236" />
        <source>Fix the highlighted fields first: </source>
        <translation>请先修正标出的字段：</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="243" />
        <source>Open recording</source>
        <translation>打开会话记录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="243" />
        <source>Recordings (*.jsonl);;All files (*)</source>
        <translation>会话记录 (*.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="251" />
        <source>Cannot open recording</source>
        <translation>无法打开会话记录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="253" />
        <source>MCP Session Inspector — {name} (read-only)</source>
        <translation>MCP 会话检查器 — {name}（只读）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="258" />
        <source>Nothing to save yet: connect to a server first.</source>
        <translation>还没有可保存的内容：请先连接服务器。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="260" />
        <source>Save recording</source>
        <translation>保存会话记录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="260" />
        <source>Recordings (*.jsonl)</source>
        <translation>会话记录 (*.jsonl)</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="267" />
        <source>Cannot save recording</source>
        <translation>无法保存会话记录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="269" />
        <source>Saved {path}</source>
        <translation>已保存 {path}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="278" />
        <source>Cannot save the server list: {why}</source>
        <translation>无法保存服务器列表：{why}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="296" />
        <source>MCP Session Inspector — {name}</source>
        <translation>MCP 会话检查器 — {name}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="310" />
        <source>Session failed: {why}</source>
        <translation>会话失败：{why}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="321" />
        <source>server killed by signal {n}</source>
        <translation>服务器被信号 {n} 终止</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="323" />
        <source>server exit code {n}</source>
        <translation>服务器退出码 {n}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="366" />
        <source>Not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="378" />
        <source>State: {s}</source>
        <translation>状态：{s}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="385" />
        <source>Era: {e}  Version: {v}</source>
        <translation>代际：{e}  版本：{v}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/main_window.py" line="387" />
        <source>{n} entries</source>
        <translation>{n} 个条目</translation>
    </message>
</context>
<context>
    <name>NegotiationView</name>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="130" />
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="130" />
        <source>Client offered</source>
        <translation>客户端提供</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="130" />
        <source>Server declared</source>
        <translation>服务器声明</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="160" />
        <source>No negotiation yet: connect to a server.</source>
        <translation>尚未协商：请先连接服务器。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="169" />
        <source>{method} was answered with error {code}: {message}</source>
        <translation>{method} 收到错误响应 {code}：{message}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="174" />
        <source>{method} sent, waiting for the answer.</source>
        <translation>已发送 {method}，正在等待响应。</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="176" />
        <source>Negotiated version: {v}</source>
        <translation>协商确定的版本：{v}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="179" />
        <source>Requested version {v}; server supports {s}</source>
        <translation>请求的版本 {v}；服务器支持 {s}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="190" />
        <source>Protocol version</source>
        <translation>协议版本</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="191" />
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="192" />
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="193" />
        <source>Capabilities</source>
        <translation>能力</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="198" />
        <source>not offered</source>
        <translation>未提供</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="199" />
        <source>not declared</source>
        <translation>未声明</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/negotiation.py" line="205" />
        <source>Instructions from the server:</source>
        <translation>服务器提供的说明：</translation>
    </message>
</context>
<context>
    <name>ProfileEditor</name>
    <message>
        <location filename="../../inspector/ui/connection.py" line="138" />
        <source>e.g. node server.js --verbose</source>
        <translation>例如 node server.js --verbose</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="139" />
        <source>Program and arguments, split like a shell would (quotes allowed); started without a shell</source>
        <translation>程序及参数，按 shell 的规则拆分（可使用引号）；启动时不经过 shell</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="141" />
        <source>(inherit)</source>
        <translation>（继承）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="144" />
        <source>Choose the working directory</source>
        <translation>选择工作目录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="151" />
        <source>auto (probe, then fall back)</source>
        <translation>自动（先探测，失败则回退）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="151" />
        <source>legacy (initialize handshake)</source>
        <translation>旧版（initialize 握手）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="151" />
        <source>modern (2026-07-28, stateless)</source>
        <translation>新版（2026-07-28，无状态）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="156" />
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="157" />
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="158" />
        <source>Working dir</source>
        <translation>工作目录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="159" />
        <source>Era</source>
        <translation>协议代际</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="160" />
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="163" />
        <source>Client capabilities to offer</source>
        <translation>要提供的客户端能力</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="167" />
        <source>Roots</source>
        <translation>根目录（roots）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="168" />
        <source>Sampling</source>
        <translation>采样（sampling）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="169" />
        <source>Elicitation (form)</source>
        <translation>询问：表单（elicitation）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="170" />
        <source>Elicitation (URL)</source>
        <translation>询问：URL（elicitation）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="171" />
        <source>Tasks</source>
        <translation>任务（tasks）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="178" />
        <source>Environment</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="180" />
        <source>Inherit the inspector's environment</source>
        <translation>继承检查器的环境变量</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="183" />
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="184" />
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="194" />
        <source>Timeouts (seconds)</source>
        <translation>超时（秒）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="198" />
        <source>Start sequence</source>
        <translation>启动序列</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="199" />
        <source>Discovery probe</source>
        <translation>发现探测</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="200" />
        <source>Requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="201" />
        <source>Exit after stdin closes</source>
        <translation>关闭 stdin 后等待退出</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="202" />
        <source>Exit after SIGTERM</source>
        <translation>SIGTERM 后等待退出</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="247" />
        <source>Working directory</source>
        <translation>工作目录</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="255" />
        <source>newest of the era</source>
        <translation>该代际的最新版本</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="293" />
        <source>Last auto detection: {era}</source>
        <translation>上次自动检测结果：{era}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="328" />
        <source>Cannot split the command: {why}</source>
        <translation>无法拆分命令：{why}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/connection.py" line="339" />
        <source>Not defined in {v}; it will not be offered</source>
        <translation>{v} 未定义此能力，不会提供</translation>
    </message>
</context>
<context>
    <name>StepBar</name>
    <message>
        <location filename="../../inspector/ui/stepbar.py" line="35" />
        <source>Continue</source>
        <translation>继续</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/stepbar.py" line="37" />
        <source>Send this message (F8)</source>
        <translation>发送此消息（F8）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/stepbar.py" line="38" />
        <source>Run to end</source>
        <translation>运行到底</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/stepbar.py" line="39" />
        <source>Leave step mode for the rest of the start sequence</source>
        <translation>启动序列的剩余部分不再单步执行</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/stepbar.py" line="61" />
        <source>Step mode: this message waits for Continue</source>
        <translation>单步模式：此消息等待点击“继续”后发送</translation>
    </message>
</context>
<context>
    <name>Timeline</name>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="117" />
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="118" />
        <source>Time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="119" />
        <source>Δ</source>
        <translation>Δ</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="120" />
        <source>Direction</source>
        <translation>方向</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="121" />
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="122" />
        <source>Method / event</source>
        <translation>方法/事件</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="123" />
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="124" />
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="125" />
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="126" />
        <source>Schema</source>
        <translation>Schema</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="127" />
        <source>Violations</source>
        <translation>违规</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="130" />
        <source>Entry number in the recording</source>
        <translation>条目在会话记录中的编号</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="131" />
        <source>Seconds since the session started</source>
        <translation>自会话开始以来的秒数</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="132" />
        <source>Time since the previous visible row</source>
        <translation>距上一可见行的时间</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="133" />
        <source>→ client to server, ← server to client, stderr of the server, process event</source>
        <translation>→ 客户端到服务器，← 服务器到客户端，服务器的 stderr，进程事件</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="134" />
        <source>What the line is: request, notification, result, error, noise, …</source>
        <translation>该行是什么：请求、通知、结果、错误、噪声、…</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="135" />
        <source>The method; for responses the method they answer; for process events the event</source>
        <translation>方法名；响应显示其所应答的方法；进程事件显示事件名</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="136" />
        <source>JSON-RPC id</source>
        <translation>JSON-RPC id</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="137" />
        <source>Time from the request to this response</source>
        <translation>从请求到此响应的耗时</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="138" />
        <source>Bytes on the wire, line terminator included</source>
        <translation>线路上传输的字节数（含行结束符）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="139" />
        <source>✓ valid against the protocol's JSON Schema, ✗ invalid, blank: not checked</source>
        <translation>✓ 符合协议的 JSON Schema，✗ 不符合，空白：未校验</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="140" />
        <source>Rules of the protocol this entry breaks</source>
        <translation>此条目违反的协议规则</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="144" />
        <source>c2s</source>
        <translation>c2s</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="145" />
        <source>s2c</source>
        <translation>s2c</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="146" />
        <location filename="../../inspector/ui/timeline.py" line="164" />
        <source>stderr</source>
        <translation>stderr</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="147" />
        <source>event</source>
        <translation>事件</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="151" />
        <source>Client to server (written to the server's stdin)</source>
        <translation>客户端→服务器（写入服务器的 stdin）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="152" />
        <source>Server to client (read from the server's stdout)</source>
        <translation>服务器→客户端（从服务器的 stdout 读取）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="153" />
        <source>A line the server wrote to stderr</source>
        <translation>服务器写入 stderr 的一行</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="154" />
        <source>A process or session event (spawn, shutdown step, exit, timeout)</source>
        <translation>进程或会话事件（启动、关闭步骤、退出、超时）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="157" />
        <source>request</source>
        <translation>请求</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="158" />
        <source>notification</source>
        <translation>通知</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="159" />
        <source>result</source>
        <translation>结果</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="160" />
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="161" />
        <source>noise</source>
        <translation>噪声</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="162" />
        <source>invalid</source>
        <translation>无效</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="163" />
        <source>batch</source>
        <translation>批量</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="165" />
        <source>process</source>
        <translation>进程</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="166" />
        <source>note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="801" />
        <source>Valid against the protocol's JSON Schema</source>
        <translation>符合协议的 JSON Schema</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="803" />
        <source>Invalid against the protocol's JSON Schema</source>
        <translation>不符合协议的 JSON Schema</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="810" />
        <source>{n} bytes</source>
        <translation>{n} 字节</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="816" />
        <source>{ms} after request #{seq}</source>
        <translation>请求 #{seq} 之后 {ms}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="882" />
        <source>Show or hide: {what}</source>
        <translation>显示或隐藏：{what}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="890" />
        <source>Show or hide kinds of entries</source>
        <translation>显示或隐藏各类条目</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="893" />
        <source>Show all kinds</source>
        <translation>显示所有类型</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="910" />
        <location filename="../../inspector/ui/timeline.py" line="920" />
        <source>any method</source>
        <translation>任意方法</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="913" />
        <source>Pick a method for an exact match, or type part of a method or event name</source>
        <translation>选择一个方法进行精确匹配，或输入方法名、事件名的一部分</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="928" />
        <source>Search raw text… (Ctrl+F)</source>
        <translation>搜索原始文本…（Ctrl+F）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="932" />
        <source>Case-insensitive search over the raw bytes of every entry</source>
        <translation>在所有条目的原始字节中搜索（不区分大小写）</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="947" />
        <source>⚠ Violations</source>
        <translation>⚠ 违规</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="948" />
        <source>Only entries that break a protocol rule</source>
        <translation>仅显示违反协议规则的条目</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="953" />
        <source>✗ Schema</source>
        <translation>✗ Schema</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="954" />
        <source>Only messages that are invalid against the JSON Schema</source>
        <translation>仅显示不符合 JSON Schema 的消息</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="993" />
        <source>Clear filters</source>
        <translation>清除筛选</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="999" />
        <source>⤓ Jump to latest</source>
        <translation>⤓ 跳到最新</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1000" />
        <source>Scroll to the newest entry and follow new ones again</source>
        <translation>滚动到最新条目，并重新跟随新条目</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1193" />
        <source>All kinds</source>
        <translation>所有类型</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1196" />
        <source>Kinds {shown}/{total}</source>
        <translation>类型 {shown}/{total}</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1280" />
        <source>{total} entries</source>
        <translation>共 {total} 个条目</translation>
    </message>
    <message>
        <location filename="../../inspector/ui/timeline.py" line="1282" />
        <source>{shown} of {total} entries</source>
        <translation>{shown} / {total} 个条目</translation>
    </message>
</context>
<context><name>Lifecycle</name><message><source>Discovering</source><translation>探测中</translation></message><message><source>Failed</source><translation>失败</translation></message><message><source>Idle</source><translation>空闲</translation></message><message><source>Initialized</source><translation>已初始化</translation></message><message><source>Initializing</source><translation>初始化中</translation></message><message><source>Modern era, stateless: every request stands alone with its own _meta. A server that needs input from the client answers with an InputRequiredResult and the client retries the request with inputResponses.</source><translation>新版协议，无状态：每个请求都各自独立，带有自己的 _meta。服务器若需要客户端提供输入，会返回 InputRequiredResult，客户端随后携带 inputResponses 重试该请求。</translation></message><message><source>Modern era: there is no handshake and no session state. The client may send any request at once, each carrying protocol version, client info and capabilities in params._meta; a dual-era client first probes with server/discover.</source><translation>新版协议：没有握手，也没有会话状态。客户端可以立即发送任意请求，每个请求都在 params._meta 中携带协议版本、客户端信息和能力；兼容新旧两代协议的客户端会先用 server/discover 进行探测。</translation></message><message><source>Normal traffic in both directions. Both sides must respect the negotiated version and use only capabilities that were declared during negotiation.</source><translation>双向正常通信。双方都必须遵守协商好的协议版本，并且只能使用在能力协商中声明过的能力。</translation></message><message><source>Operating</source><translation>运行中</translation></message><message><source>Ready</source><translation>就绪</translation></message><message><source>SIGKILL</source><translation>SIGKILL</translation></message><message><source>SIGTERM</source><translation>SIGTERM</translation></message><message><source>Shutting down</source><translation>关闭中</translation></message><message><source>Terminated</source><translation>已终止</translation></message><message><source>The client closed the server's stdin and waits for it to exit. If it does not exit in time the client sends SIGTERM, and after another wait SIGKILL.</source><translation>客户端已关闭服务器的 stdin，正在等待其退出。若服务器未按时退出，客户端会发送 SIGTERM，再等待一段时间后发送 SIGKILL。</translation></message><message><source>The server answered with a version the client accepts. The client now owes the notifications/initialized notification before normal traffic starts.</source><translation>服务器以客户端可接受的版本作出了响应。在开始正常通信之前，客户端还须发送 notifications/initialized 通知。</translation></message><message><source>The server process has exited after the client ended the session. Its exit code or signal is recorded.</source><translation>客户端结束会话后，服务器进程已退出，其退出码或信号已记录在案。</translation></message><message><source>The server process runs but nothing has been said. The first message must be the client's initialize request; until it is answered the client should send nothing but ping.</source><translation>服务器进程已在运行，但双方尚未交换任何消息。第一条消息必须是客户端的 initialize 请求；在它得到响应之前，客户端除 ping 外不应发送任何消息。</translation></message><message><source>The session ended without the client asking for it: the server could not be started, or it exited (or its pipes closed) in the middle of the session.</source><translation>会话并非由客户端主动结束：服务器无法启动，或在会话中途退出（或其管道被关闭）。</translation></message><message><source>Uninitialized</source><translation>未初始化</translation></message><message><source>close stdin</source><translation>关闭 stdin</translation></message><message><source>disconnect</source><translation>断开连接</translation></message><message><source>initialize is on its way: it carries the newest version the client speaks, its capabilities and its identity. The server answers with the version it chose, its own capabilities and identity. The server may only send pings and log messages before it hears 'initialized'.</source><translation>initialize 请求已发出：其中携带客户端支持的最新协议版本、客户端能力和身份信息。服务器以其选定的版本、自身能力和身份信息作出响应。在收到 initialized 通知之前，服务器只能发送 ping 和日志消息。</translation></message><message><source>initialize →</source><translation>initialize →</translation></message><message><source>no answer (timeout)</source><translation>无响应（超时）</translation></message><message><source>no answer → legacy</source><translation>无响应 → 旧版</translation></message><message><source>no common version</source><translation>无共同版本</translation></message><message><source>notifications/initialized →</source><translation>notifications/initialized →</translation></message><message><source>server could not start</source><translation>服务器无法启动</translation></message><message><source>server exited</source><translation>服务器已退出</translation></message><message><source>server exited / pipe lost</source><translation>服务器退出 / 管道断开</translation></message><message><source>server/discover is on its way. A DiscoverResult lists the versions and capabilities of the server; -32022 means a modern server that wants another version; any other error, or silence, means a legacy server and the client falls back to initialize.</source><translation>server/discover 请求已发出。DiscoverResult 会列出服务器支持的版本和能力；-32022 表示这是要求改用其他版本的新版服务器；任何其他错误或没有响应，则表示这是旧版服务器，客户端将回退到 initialize。</translation></message><message><source>server/discover →</source><translation>server/discover →</translation></message><message><source>← -32022: retry with a supported version</source><translation>← -32022：改用支持的版本重试</translation></message><message><source>← DiscoverResult</source><translation>← DiscoverResult</translation></message><message><source>← InitializeResult</source><translation>← InitializeResult</translation></message><message><source>← InputRequiredResult: retry with inputResponses</source><translation>← InputRequiredResult：携带 inputResponses 重试</translation></message><message><source>← error / no answer</source><translation>← 错误 / 无响应</translation></message><message><source>← error to initialize</source><translation>← initialize 返回错误</translation></message><message><source>← non-modern error → legacy</source><translation>← 非新版错误 → 旧版</translation></message><message><source>← unsupported version</source><translation>← 不支持的版本</translation></message></context><context><name>Rules</name><message><source>A JSON-RPC batch (array); only protocol 2025-03-26 allows batches.</source><translation>JSON-RPC 批量消息（数组）；只有 2025-03-26 版协议允许批量消息。</translation></message><message><source>A log message while no in-flight request asked for one with io.modelcontextprotocol/logLevel.</source><translation>收到一条日志消息，但当前没有任何进行中的请求通过 io.modelcontextprotocol/logLevel 请求日志。</translation></message><message><source>A method this protocol version does not define for this direction.</source><translation>此协议版本未在该方向上定义此方法。</translation></message><message><source>A progress notification for a token no active request carries.</source><translation>进度通知中的 token 不属于任何进行中的请求。</translation></message><message><source>A request got no answer within its timeout.</source><translation>请求在超时时间内未收到响应。</translation></message><message><source>A response carries both 'result' and 'error'; it must carry exactly one.</source><translation>响应同时包含 'result' 和 'error'；二者必须有且仅有一个。</translation></message><message><source>A response that arrived after the client had stopped waiting for it (timeout).</source><translation>响应在客户端已停止等待（超时）之后才到达。</translation></message><message><source>A response to a request that was never sent.</source><translation>响应所对应的请求从未发送过。</translation></message><message><source>A second response to a request that was already answered.</source><translation>对已响应过的请求再次作出了响应。</translation></message><message><source>In 2026-07-28 a server must not write JSON-RPC requests to stdout; it asks for input with InputRequiredResult.</source><translation>在 2026-07-28 版本中，服务器不得向 stdout 写入 JSON-RPC 请求；需要输入时应返回 InputRequiredResult。</translation></message><message><source>InputRequiredResult answered a request that may not receive one (only tools/call, prompts/get, resources/read).</source><translation>InputRequiredResult 被用于响应不允许接收它的请求（仅限 tools/call、prompts/get、resources/read）。</translation></message><message><source>The 'jsonrpc' member is missing or not exactly "2.0".</source><translation>缺少 'jsonrpc' 成员，或其值不完全等于 "2.0"。</translation></message><message><source>The DiscoverResult has no usable 'supportedVersions' list.</source><translation>DiscoverResult 中没有可用的 'supportedVersions' 列表。</translation></message><message><source>The id is not a string or an integer (null, fractional, boolean or missing).</source><translation>id 既不是字符串也不是整数（为 null、小数、布尔值或缺失）。</translation></message><message><source>The line is not valid UTF-8; MCP messages are UTF-8 encoded.</source><translation>该行不是有效的 UTF-8；MCP 消息必须采用 UTF-8 编码。</translation></message><message><source>The server answered initialize with an error.</source><translation>服务器对 initialize 返回了错误。</translation></message><message><source>The server asked for a client feature the client did not declare.</source><translation>服务器请求了客户端未声明的客户端功能。</translation></message><message><source>The server did not exit after SIGTERM; the client had to send SIGKILL.</source><translation>收到 SIGTERM 后服务器没有退出；客户端不得不发送 SIGKILL。</translation></message><message><source>The server did not exit after its stdin was closed; the client had to send SIGTERM.</source><translation>stdin 关闭后服务器没有退出；客户端不得不发送 SIGTERM。</translation></message><message><source>The server exited before the handshake completed.</source><translation>服务器在握手完成之前退出。</translation></message><message><source>The server kept sending messages for a request the client cancelled.</source><translation>客户端已取消某个请求，服务器却仍在为其发送消息。</translation></message><message><source>The server negotiated a protocol version other than the one the client offered.</source><translation>服务器协商的协议版本与客户端提供的版本不同。</translation></message><message><source>The server negotiated a protocol version the client does not support; the client should disconnect.</source><translation>服务器协商的协议版本客户端不支持；客户端应断开连接。</translation></message><message><source>The server reused the id of one of its own requests that is still pending.</source><translation>服务器重复使用了自己某个仍在等待响应的请求的 id。</translation></message><message><source>The server sent a message other than a log message or ping before answering initialize.</source><translation>在响应 initialize 之前，服务器发送了日志消息和 ping 以外的消息。</translation></message><message><source>The server sent a message that needs a server capability it did not declare.</source><translation>服务器发送的消息需要一项它未声明的服务器能力。</translation></message><message><source>The server sent a request other than ping before the client's 'initialized' notification.</source><translation>在客户端发送 'initialized' 通知之前，服务器发送了 ping 以外的请求。</translation></message><message><source>The server wrote a line to stdout that is not JSON; stdout is for MCP messages only.</source><translation>服务器向 stdout 写入了一行非 JSON 内容；stdout 只能用于传输 MCP 消息。</translation></message><message><source>The stream ended in the middle of a line (no newline after the last bytes).</source><translation>数据流在一行的中途结束（最后的字节之后没有换行符）。</translation></message><message><source>Valid JSON, but not a JSON-RPC request, notification or response.</source><translation>是有效的 JSON，但不是 JSON-RPC 请求、通知或响应。</translation></message></context><context><name>Steps</name><message><source>Lifecycle: after a successful initialize result the client must send notifications/initialized before normal requests.</source><translation>生命周期：收到成功的 initialize 结果后，客户端必须先发送 notifications/initialized，然后才能发送常规请求。</translation></message><message><source>Lifecycle: the first message must be initialize, carrying the newest version the client speaks, its capabilities and identity.</source><translation>生命周期：第一条消息必须是 initialize，携带客户端支持的最新协议版本、客户端能力和身份信息。</translation></message><message><source>Modern era: every request carries protocol version, client info and capabilities in params._meta.</source><translation>新版协议：每个请求都在 params._meta 中携带协议版本、客户端信息和能力。</translation></message><message><source>stdio backward compatibility: a dual-era client probes with server/discover before any other request.</source><translation>stdio 向后兼容：兼容新旧两代协议的客户端在发送任何其他请求之前，先用 server/discover 进行探测。</translation></message></context></TS>