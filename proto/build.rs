fn main() -> Result<(), Box<dyn std::error::Error>> {
    let protos = [
        "lumiscape/identity/v1/identity.proto",
        "lumiscape/project/v1/project.proto",
        "lumiscape/lighting/v1/lighting.proto",
        "lumiscape/alarm/v1/alarm.proto",
        "lumiscape/bridge/v1/bridge.proto",
        "lumiscape/maintenance/v1/maintenance.proto",
        "lumiscape/events/v1/identity.proto",
        "lumiscape/events/v1/bridge.proto",
        "lumiscape/events/v1/alarm.proto",
        "lumiscape/events/v1/lighting.proto",
        "lumiscape/events/v1/project.proto",
        "lumiscape/events/v1/maintenance.proto",
    ];
    tonic_prost_build::configure().compile_protos(&protos, &["."])?;
    for proto in protos {
        println!("cargo:rerun-if-changed={proto}");
    }
    Ok(())
}
