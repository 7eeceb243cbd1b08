<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>ContentView</name>
    <message numerus="yes">
        <source>%n character(s)</source>
        <translation>
            <numerusform>%n character</numerusform>
            <numerusform>%n characters</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>text, %n character(s)</source>
        <translation>
            <numerusform>text, %n character</numerusform>
            <numerusform>text, %n characters</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <source>%Ln entries</source>
        <translation>
            <numerusform>%Ln entry</numerusform>
            <numerusform>%Ln entries</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message numerus="yes">
        <source>%Ln entries</source>
        <translation>
            <numerusform>%Ln entry</numerusform>
            <numerusform>%Ln entries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{shown} of %Ln entries</source>
        <translation>
            <numerusform>{shown} of %Ln entry</numerusform>
            <numerusform>{shown} of %Ln entries</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ToolResultPane</name>
    <message numerus="yes">
        <source>%n poll(s)</source>
        <translation>
            <numerusform>%n poll</numerusform>
            <numerusform>%n polls</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n round(s) (input required): {0}</source>
        <translation>
            <numerusform>%n round (input required): {0}</numerusform>
            <numerusform>%n rounds (input required): {0}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ToolsPanel</name>
    <message numerus="yes">
        <source>%n argument(s)</source>
        <translation>
            <numerusform>%n argument</numerusform>
            <numerusform>%n arguments</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n required</source>
        <translation>
            <numerusform>%n required</numerusform>
            <numerusform>%n required</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n round(s) (input required): {0}</source>
        <translation type="vanished">
            <numerusform>%n round (input required): {0}</numerusform>
            <numerusform>%n rounds (input required): {0}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>UrlRelays</name>
    <message numerus="yes">
        <source>HTTP relays: %n serving</source>
        <translation>
            <numerusform>HTTP relays: %n serving</numerusform>
            <numerusform>HTTP relays: %n serving</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n not</source>
        <translation>
            <numerusform>, %n not</numerusform>
            <numerusform>, %n not</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WatchDialog</name>
    <message numerus="yes">
        <source>%Ln recordings, {size}, in {folder}</source>
        <translation>
            <numerusform>%Ln recording, {size}, in {folder}</numerusform>
            <numerusform>%Ln recordings, {size}, in {folder}</numerusform>
        </translation>
    </message>
</context>
</TS>
