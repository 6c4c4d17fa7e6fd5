//! Where the process tells what it does: log lines on standard error, for people or for log
//! collectors, and, when `tabula serve --otlp-endpoint` names a collector, each call's span
//! sent to it over OTLP/gRPC.

use std::io::IsTerminal;

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::WithExportConfig;
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing::Level;
use tracing_subscriber::filter::Targets;
use tracing_subscriber::prelude::*;
use tracing_subscriber::{EnvFilter, fmt};

/// How log lines are written.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogFormat {
    /// Lines for people.
    Text,
    /// One JSON object a line.
    Json,
}

/// The installed logs and traces; [`Telemetry::shutdown`] sends the spans not yet sent.
pub struct Telemetry {
    traces: Option<SdkTracerProvider>,
}

impl Telemetry {
    /// Installs the process's logs in `format`, levels from `RUST_LOG` (default `info`), and,
    /// with an `otlp_endpoint`, an exporter of the server's spans to that collector.
    ///
    /// The exporter's connection runs on the Tokio runtime entered when this is called, so
    /// a process that exports must call it inside one and keep that runtime until
    /// [`Telemetry::shutdown`].
    pub fn install(format: LogFormat, otlp_endpoint: Option<&str>) -> Result<Telemetry, String> {
        let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
        let logs = fmt::layer().with_writer(std::io::stderr);
        // Colour codes only where a terminal shows them, never into a file or a pipe.
        let logs = match format {
            LogFormat::Text => logs.with_ansi(std::io::stderr().is_terminal()).boxed(),
            LogFormat::Json => logs.json().flatten_event(true).with_current_span(true).with_span_list(false).boxed(),
        };
        let traces = otlp_endpoint.map(exporter).transpose()?;
        // Only the server's own spans go to the collector: the exporter's own connection
        // must not trace itself.
        let spans = traces.as_ref().map(|provider| {
            tracing_opentelemetry::layer()
                .with_tracer(provider.tracer("tabula"))
                .with_filter(Targets::new().with_target("tabula", Level::INFO))
        });
        tracing_subscriber::registry().with(logs.with_filter(filter)).with(spans).init();
        if traces.is_some() {
            // A caller's `traceparent` makes the call's span a child of the caller's.
            opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());
        }
        Ok(Telemetry { traces })
    }

    /// Whether spans are being sent to a collector.
    pub fn exports_traces(&self) -> bool {
        self.traces.is_some()
    }

    /// Sends the spans still waiting and closes the exporter.
    pub fn shutdown(self) {
        if let Some(provider) = self.traces
            && let Err(error) = provider.shutdown()
        {
            eprintln!("warning: the last spans may not have reached the collector: {error}");
        }
    }
}

/// Spans batched in the background and sent over OTLP/gRPC to `endpoint`.
fn exporter(endpoint: &str) -> Result<SdkTracerProvider, String> {
    let exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_tonic()
        .with_endpoint(endpoint)
        .build()
        .map_err(|error| format!("--otlp-endpoint {endpoint}: {error}"))?;
    Ok(SdkTracerProvider::builder()
        .with_resource(Resource::builder().with_service_name("tabula").build())
        .with_batch_exporter(exporter)
        .build())
}
