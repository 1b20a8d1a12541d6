package io.jfio.runner.job;

import io.jfio.engine.IoFile;
import io.jfio.jobfile.JobSpec;
import io.jfio.runner.workload.JobError;

import java.util.List;

/** Builds a job's I/O pattern once its files are known (the workload module behind it). */
@FunctionalInterface
public interface SourceFactory {
    IoSource create(JobSpec spec, List<IoFile> files) throws JobError;
}
